"""Generated Connect server stubs for boardbot.v1 (scripts/gen_proto.py; do not edit)."""
