# Copies one .proto (IN) to OUT for protoc's C++ generator, renaming each field NAME_size
# that sits beside a repeated field NAME: protobuf's C++ code gives the repeated field a
# NAME_size() accessor, which the other field's accessor would clash with (e.g.
# FritangaPlayer.hand and hand_size). A field's name is not on the wire (its number is),
# so the renamed copy reads and writes the same bytes as the original.
#   cmake -DIN=src.proto -DOUT=dst.proto -P patch_proto.cmake
file(READ "${IN}" text)
string(REGEX MATCHALL "repeated[ \t]+[A-Za-z0-9_.]+[ \t]+[A-Za-z0-9_]+[ \t]*=" repeated "${text}")
foreach(decl ${repeated})
  string(REGEX REPLACE "repeated[ \t]+[A-Za-z0-9_.]+[ \t]+([A-Za-z0-9_]+)[ \t]*=" "\\1" name "${decl}")
  string(REGEX REPLACE "([ \t])${name}_size([ \t]*=)" "\\1${name}_size_field\\2" text "${text}")
endforeach()
file(WRITE "${OUT}.tmp" "${text}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
