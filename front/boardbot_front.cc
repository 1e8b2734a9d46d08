// boardbot-front: a generic gRPC front for the Python boardbot server.
//
// Python grpcio spends ~400 µs of CPU per unary call before any game work. This process takes
// the gRPC/HTTP2 work in C++ and hands each call to the Python process over a Unix stream
// socket with a tiny framing protocol (front/README.md). It is generic: it knows no service,
// method or message; it forwards raw request bytes, metadata and deadline, and relays raw
// response bytes, status and trailing metadata. So it needs no .proto and no generated code.
//
// Frames (big-endian): u32 length (bytes after this field), u8 kind, u32 call_id, payload.
//   1 CALL    front -> py: u16 method_len, method, i64 deadline_us (-1 none), u16 n_md,
//                          n x (u16 key_len, key, u32 value_len, value), request bytes (rest)
//   2 CANCEL  front -> py: no payload
//   3 MESSAGE py -> front: one serialized response message
//   4 FINISH  py -> front: u32 code, u32 message_len, message, u16 n_trailing,
//                          n x (u16 key_len, key, u32 value_len, value)

#include <absl/synchronization/mutex.h>
#include <grpcpp/generic/async_generic_service.h>
#include <grpcpp/grpcpp.h>

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

enum Kind : uint8_t { kCall = 1, kCancel = 2, kMessage = 3, kFinish = 4 };
constexpr uint32_t kMaxFrame = 256u << 20;  // a bigger length means the stream is corrupt

using Metadata = std::vector<std::pair<std::string, std::string>>;

void PutU16(std::string& s, uint16_t v) {
  s.push_back(char(v >> 8));
  s.push_back(char(v));
}
void PutU32(std::string& s, uint32_t v) {
  for (int sh = 24; sh >= 0; sh -= 8) s.push_back(char(v >> sh));
}
void PutU64(std::string& s, uint64_t v) {
  for (int sh = 56; sh >= 0; sh -= 8) s.push_back(char(v >> sh));
}
uint16_t GetU16(const char* p) {
  auto u = reinterpret_cast<const unsigned char*>(p);
  return uint16_t(u[0] << 8 | u[1]);
}
uint32_t GetU32(const char* p) {
  auto u = reinterpret_cast<const unsigned char*>(p);
  return uint32_t(u[0]) << 24 | uint32_t(u[1]) << 16 | uint32_t(u[2]) << 8 | u[3];
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (uint8_t(c) >= 0x20) out.push_back(c);
  }
  return out + "\"";
}

void Log(const std::string& event, const std::string& detail = "") {
  // one JSON line on stderr, like the Python server's logs; detail is never client data
  fprintf(stderr, "{\"event\": \"%s\"%s%s}\n", event.c_str(), detail.empty() ? "" : ", \"detail\": ",
          detail.empty() ? "" : JsonString(detail).c_str());
  fflush(stderr);
}

// main() waits for the exit code: 0 after SIGTERM/SIGINT, 3 when a backend connection is lost
std::mutex g_exit_mu;
std::condition_variable g_exit_cv;
int g_exit_code = -1;
void RequestExit(int code) {
  std::lock_guard<std::mutex> l(g_exit_mu);
  if (g_exit_code < 0) g_exit_code = code;
  g_exit_cv.notify_all();
}

std::atomic<uint32_t> g_next_id{0};  // shared by all connections, so ids are unique until it wraps

class Call;

// One Unix socket connection to a Python server process.
struct Backend {
  int fd = -1;
  std::string path;  // the socket, for logs

  // Outgoing frames. Any thread appends under wmu; the one that finds no flush in progress
  // becomes the flusher and write()s everything queued until the buffer is empty. So frames
  // queued while a write() is under way go out together in the next write(), with no writer
  // thread to wake (a futex wake per call would cost as much as the write).
  std::mutex wmu;
  std::string wbuf;
  bool flushing = false;
  bool broken = false;  // a write failed: drop what comes, the reader is handling the loss

  // Calls whose CALL frame is queued and whose FINISH has not arrived yet.
  std::mutex cmu;
  std::unordered_map<uint32_t, Call*> calls;
  bool dead = false;

  // Returns true when the caller must call Flush() (after dropping its own locks).
  bool Enqueue(const std::string& frame) {
    std::lock_guard<std::mutex> l(wmu);
    if (broken) return false;
    wbuf.append(frame);
    if (flushing) return false;
    flushing = true;
    return true;
  }

  void Flush() {
    std::string out;
    for (;;) {
      {
        std::lock_guard<std::mutex> l(wmu);
        out.clear();
        if (wbuf.empty()) {
          flushing = false;
          return;
        }
        out.swap(wbuf);  // wbuf gets the old (cleared) capacity back
      }
      size_t off = 0;
      while (off < out.size()) {
        ssize_t n = send(fd, out.data() + off, out.size() - off, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          // the reader sees the shutdown and handles the loss (exit 3)
          Log("front_backend_write_failed", strerror(errno));
          shutdown(fd, SHUT_RDWR);
          std::lock_guard<std::mutex> l(wmu);
          broken = true;
          wbuf.clear();
          flushing = false;
          return;
        }
        off += size_t(n);
      }
    }
  }

  // Registers a call and gives it an id; false when the connection is already lost.
  bool Register(Call* call, uint32_t* id) {
    std::lock_guard<std::mutex> l(cmu);
    if (dead) return false;
    uint32_t candidate;
    do candidate = g_next_id.fetch_add(1, std::memory_order_relaxed);
    while (calls.count(candidate));
    calls.emplace(candidate, call);
    *id = candidate;
    return true;
  }

  Call* Lookup(uint32_t id, bool erase) {
    std::lock_guard<std::mutex> l(cmu);
    auto it = calls.find(id);
    if (it == calls.end()) return nullptr;
    Call* call = it->second;
    if (erase) calls.erase(it);
    return call;
  }

  void ReadLoop();
};

// g_backends[k]: the --connections connections to the k-th --backend socket
std::vector<std::vector<std::unique_ptr<Backend>>> g_backends;
std::atomic<bool> g_dead{false};
std::atomic<long> g_live_calls{0};  // Call objects alive: logged at exit, a leak check for tests

// The reactor for one call: reads one request, sends CALL, relays MESSAGEs and FINISH.
// Reactions may run concurrently with each other and with the backend reader thread, so the
// state is under mu_. gRPC methods (StartWrite, Finish) are called with mu_ released. The
// object is deleted after both OnDone and "no FINISH to wait for" (FINISH arrived, no CALL was
// sent, or the connection was lost); the reader thread may use a registered call without a
// lock because only the reader itself can deliver its FINISH.
class Call final : public grpc::ServerGenericBidiReactor {
 public:
  Call(grpc::GenericCallbackServerContext* ctx, Backend* be) : ctx_(ctx), be_(be) {
    g_live_calls.fetch_add(1, std::memory_order_relaxed);
    if (be_ == nullptr) {
      backend_done_ = finish_called_ = true;
      Finish(grpc::Status(grpc::StatusCode::UNAVAILABLE, "backend connection lost"));
      return;
    }
    StartRead(&request_);
  }

  ~Call() override { g_live_calls.fetch_sub(1, std::memory_order_relaxed); }

  void OnReadDone(bool ok) override {
    std::optional<grpc::Status> fin;
    bool flush = false;
    {
      std::lock_guard<std::mutex> l(mu_);
      if (!ok || cancelled_) {
        backend_done_ = true;  // no CALL sent: nothing to wait for
        if (!finish_called_) {
          finish_called_ = true;
          fin = cancelled_ ? grpc::Status::CANCELLED
                           : grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "no request message");
        }
      } else if (!be_->Register(this, &id_)) {
        backend_done_ = finish_called_ = true;
        fin = grpc::Status(grpc::StatusCode::UNAVAILABLE, "backend connection lost");
      } else {
        // queued under mu_ so that a CANCEL (OnCancel) can never overtake its CALL
        flush = be_->Enqueue(CallFrame());
        call_sent_ = true;
      }
    }
    if (flush) be_->Flush();
    if (fin) Finish(std::move(*fin));
  }

  void OnWriteDone(bool ok) override {
    const grpc::ByteBuffer* next = nullptr;
    std::optional<grpc::Status> fin;
    Metadata trailing;
    {
      std::lock_guard<std::mutex> l(mu_);
      out_.pop_front();
      // a failed write means the stream is gone; OnCancel follows (or came already)
      if (ok && !cancelled_ && !out_.empty()) {
        next = &out_.front();  // deque: references survive push_back
      } else {
        writing_ = false;
        out_.clear();
        if (!finish_called_ && (cancelled_ || have_status_)) {
          finish_called_ = true;
          fin = cancelled_ ? grpc::Status::CANCELLED : std::move(status_);
          trailing = std::move(trailing_);
        }
      }
    }
    if (next) StartWrite(next);
    if (fin) FinishWith(std::move(*fin), trailing);
  }

  void OnCancel() override {
    // the client cancelled, the deadline passed, or the connection broke
    bool flush = false, fin = false;
    {
      std::lock_guard<std::mutex> l(mu_);
      if (cancelled_) return;
      cancelled_ = true;
      if (call_sent_ && !backend_done_ && !cancel_sent_) {
        cancel_sent_ = true;
        flush = be_->Enqueue(Header(kCancel, 0));
      }
      // finish now rather than wait for the backend's FINISH: Shutdown() then never waits on
      // Python, and its FINISH (still expected) only frees this object
      if (!finish_called_ && !writing_) fin = finish_called_ = true;
    }
    if (flush) be_->Flush();
    if (fin) Finish(grpc::Status::CANCELLED);
  }

  void OnDone() override {
    bool del;
    {
      std::lock_guard<std::mutex> l(mu_);
      done_ = true;
      del = backend_done_;
    }
    if (del) delete this;
  }

  // --- called by the backend reader thread ---

  void BackendMessage(grpc::ByteBuffer msg) {
    const grpc::ByteBuffer* first = nullptr;
    {
      std::lock_guard<std::mutex> l(mu_);
      if (finish_called_ || cancelled_) return;  // nobody to send it to
      out_.push_back(std::move(msg));
      if (writing_) return;  // OnWriteDone sends it: only one write may be outstanding
      writing_ = true;
      first = &out_.front();
    }
    StartWrite(first);
  }

  // The call was removed from the connection's map; no frame for it comes after this.
  void BackendFinish(grpc::Status status, Metadata trailing) {
    bool fin = false, del;
    {
      std::lock_guard<std::mutex> l(mu_);
      backend_done_ = true;
      if (!finish_called_ && !cancelled_) {
        if (writing_) {  // OnWriteDone finishes once the queued messages are out
          have_status_ = true;
          status_ = std::move(status);
          trailing_ = std::move(trailing);
        } else {
          fin = finish_called_ = true;
        }
      }
      del = done_;
    }
    if (del) delete this;
    else if (fin) FinishWith(std::move(status), trailing);
  }

  // A MESSAGE directly followed by its FINISH (the usual unary answer): one gRPC batch for
  // both, which saves a reaction and an HTTP/2 write. Returns false when it does not apply.
  bool BackendReply(grpc::ByteBuffer& msg, grpc::Status& status, Metadata& trailing) {
    const grpc::ByteBuffer* last;
    {
      std::lock_guard<std::mutex> l(mu_);
      if (writing_ || finish_called_ || cancelled_) return false;
      backend_done_ = finish_called_ = true;
      out_.push_back(std::move(msg));
      last = &out_.front();  // must live until OnDone: nothing touches out_ after this
    }
    for (auto& kv : trailing) ctx_->AddTrailingMetadata(kv.first, kv.second);
    StartWriteAndFinish(last, grpc::WriteOptions(), std::move(status));
    return true;
  }

 private:
  std::string Header(uint8_t kind, size_t payload) {
    std::string f;
    f.reserve(9 + payload);
    PutU32(f, uint32_t(5 + payload));
    f.push_back(char(kind));
    PutU32(f, id_);
    return f;
  }

  std::string CallFrame() {
    const std::string& method = ctx_->method();
    int64_t deadline_us = -1;
    auto deadline = ctx_->deadline();
    if (deadline != std::chrono::system_clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::microseconds>(
                      deadline - std::chrono::system_clock::now()).count();
      constexpr int64_t kTenYears = int64_t(10) * 366 * 24 * 3600 * 1000000;
      deadline_us = left > kTenYears ? -1 : left < 0 ? 0 : left;
    }
    const auto& md = ctx_->client_metadata();
    std::vector<grpc::Slice> slices;
    request_.Dump(&slices);
    size_t size = 2 + method.size() + 8 + 2;
    for (auto& kv : md) size += 2 + kv.first.size() + 4 + kv.second.size();
    for (auto& s : slices) size += s.size();

    std::string f = Header(kCall, size);
    PutU16(f, uint16_t(method.size()));
    f.append(method);
    PutU64(f, uint64_t(deadline_us));
    PutU16(f, uint16_t(md.size()));
    for (auto& kv : md) {
      PutU16(f, uint16_t(kv.first.size()));
      f.append(kv.first.data(), kv.first.size());
      PutU32(f, uint32_t(kv.second.size()));
      f.append(kv.second.data(), kv.second.size());
    }
    for (auto& s : slices) f.append(reinterpret_cast<const char*>(s.begin()), s.size());
    request_.Clear();
    return f;
  }

  void FinishWith(grpc::Status status, const Metadata& trailing) {
    // this object may be deleted as soon as Finish is called: touch nothing after it
    for (auto& kv : trailing) ctx_->AddTrailingMetadata(kv.first, kv.second);
    Finish(std::move(status));
  }

  grpc::GenericCallbackServerContext* ctx_;
  Backend* be_;
  uint32_t id_ = 0;
  grpc::ByteBuffer request_;

  std::mutex mu_;
  bool call_sent_ = false;     // CALL queued: a FINISH will come
  bool backend_done_ = false;  // no FINISH to wait for (it came, or no CALL was sent)
  bool cancelled_ = false;
  bool cancel_sent_ = false;
  bool finish_called_ = false;
  bool done_ = false;          // OnDone ran
  bool writing_ = false;       // a StartWrite is outstanding
  bool have_status_ = false;   // FINISH waiting for the queued writes
  grpc::Status status_;
  Metadata trailing_;
  std::deque<grpc::ByteBuffer> out_;
};

// FNV-1a, 64 bit: a fixed hash, so a connection's peer string always picks the same backend.
uint64_t Fnv1a(const std::string& s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// Routing: with K backends (Python processes), a call goes to backend hash(peer) % K, where
// the peer (e.g. "ipv4:127.0.0.1:54321") names the client's HTTP/2 connection, so all calls
// of one client connection reach the same process; then round-robin over that backend's
// connections.
class Service final : public grpc::CallbackGenericService {
 public:
  Service() : next_(g_backends.size()) {}

  grpc::ServerGenericBidiReactor* CreateReactor(grpc::GenericCallbackServerContext* ctx) override {
    if (g_dead.load(std::memory_order_relaxed)) return new Call(ctx, nullptr);
    size_t k = g_backends.size() == 1 ? 0 : size_t(Fnv1a(ctx->peer()) % g_backends.size());
    auto& conns = g_backends[k];
    size_t i = conns.size() == 1 ? 0 : next_[k].fetch_add(1, std::memory_order_relaxed) % conns.size();
    return new Call(ctx, conns[i].get());
  }

 private:
  std::vector<std::atomic<size_t>> next_;  // per backend: its next connection
};

grpc::ByteBuffer ToBuffer(const char* p, size_t n) {
  grpc::Slice slice(p, n);  // copies
  return grpc::ByteBuffer(&slice, 1);
}

// gRPC aborts the process on metadata it finds illegal, so what the backend sends is checked:
// keys of [0-9a-z_.-], values of printable ASCII unless the key ends in -bin.
bool LegalMetadata(const std::string& key, const std::string& value) {
  if (key.empty()) return false;
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) return false;
  if (key.size() > 4 && key.compare(key.size() - 4, 4, "-bin") == 0) return true;
  for (char c : value)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// Parses a FINISH payload; false when it is malformed.
bool ParseFinish(const char* p, size_t n, grpc::Status* status, Metadata* trailing) {
  const char* end = p + n;
  if (end - p < 8) return false;
  uint32_t code = GetU32(p);
  uint32_t mlen = GetU32(p + 4);
  p += 8;
  if (uint64_t(end - p) < uint64_t(mlen) + 2) return false;
  std::string message(p, mlen);
  p += mlen;
  uint16_t count = GetU16(p);
  p += 2;
  for (uint16_t i = 0; i < count; i++) {
    if (end - p < 2) return false;
    uint16_t klen = GetU16(p);
    p += 2;
    if (uint64_t(end - p) < uint64_t(klen) + 4) return false;
    std::string key(p, klen);
    p += klen;
    uint32_t vlen = GetU32(p);
    p += 4;
    if (uint64_t(end - p) < vlen) return false;
    std::string value(p, vlen);
    p += vlen;
    if (LegalMetadata(key, value)) trailing->emplace_back(std::move(key), std::move(value));
    else Log("front_dropped_trailing_metadata", "illegal key or value");
  }
  if (code > 16) code = grpc::StatusCode::UNKNOWN;
  *status = grpc::Status(grpc::StatusCode(code), std::move(message));
  return true;
}

void Backend::ReadLoop() {
  std::vector<char> buf(1 << 20);
  size_t have = 0;
  const char* why = "closed by the backend";
  for (;;) {
    ssize_t n = read(fd, buf.data() + have, buf.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n < 0) why = strerror(errno);
      break;
    }
    have += size_t(n);
    const char* p = buf.data();
    size_t pos = 0;
    bool bad = false;
    while (have - pos >= 9) {
      uint32_t len = GetU32(p + pos);
      if (len < 5 || len > kMaxFrame) {
        bad = true;
        break;
      }
      if (have - pos - 4 < len) {
        if (buf.size() < size_t(len) + 4) buf.resize(size_t(len) + 4 + (1 << 16));
        break;
      }
      const char* f = p + pos + 4;
      uint8_t kind = uint8_t(f[0]);
      uint32_t id = GetU32(f + 1);
      const char* payload = f + 5;
      size_t plen = len - 5;
      pos += 4 + size_t(len);
      if (kind == kMessage) {
        // a FINISH for the same call right behind it: hand both over at once
        if (have - pos >= 9) {
          uint32_t len2 = GetU32(p + pos);
          const char* f2 = p + pos + 4;
          if (len2 >= 5 && have - pos - 4 >= len2 && uint8_t(f2[0]) == kFinish && GetU32(f2 + 1) == id) {
            grpc::Status status;
            Metadata trailing;
            if (!ParseFinish(f2 + 5, len2 - 5, &status, &trailing)) {
              bad = true;
              break;
            }
            pos += 4 + size_t(len2);
            Call* call = Lookup(id, true);
            if (call == nullptr) continue;
            grpc::ByteBuffer msg = ToBuffer(payload, plen);
            if (!call->BackendReply(msg, status, trailing)) {
              call->BackendMessage(std::move(msg));
              call->BackendFinish(std::move(status), std::move(trailing));
            }
            continue;
          }
        }
        Call* call = Lookup(id, false);
        if (call != nullptr) call->BackendMessage(ToBuffer(payload, plen));
      } else if (kind == kFinish) {
        grpc::Status status;
        Metadata trailing;
        if (!ParseFinish(payload, plen, &status, &trailing)) {
          bad = true;
          break;
        }
        Call* call = Lookup(id, true);
        if (call != nullptr) call->BackendFinish(std::move(status), std::move(trailing));
      }
      // other kinds: ignored (frames for unknown calls too: they can only be late ones)
    }
    if (bad) {
      why = "malformed frame from the backend";
      break;
    }
    memmove(buf.data(), buf.data() + pos, have - pos);
    have -= pos;
  }

  // The connection is lost: fail its calls and ask main() to exit with status 3.
  Log("front_backend_lost", path + ": " + why);
  g_dead = true;
  std::unordered_map<uint32_t, Call*> lost;
  {
    std::lock_guard<std::mutex> l(cmu);
    dead = true;
    lost.swap(calls);
  }
  for (auto& kv : lost)
    kv.second->BackendFinish(grpc::Status(grpc::StatusCode::UNAVAILABLE, "backend connection lost"), {});
  RequestExit(3);
}

int ConnectUnix(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path.size() >= sizeof(addr.sun_path)) return -1;
  memcpy(addr.sun_path, path.data(), path.size());
  // the Python side listens first, but may still be starting: retry for up to 10 s
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0) return fd;
    close(fd);
    if (std::chrono::steady_clock::now() > give_up) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

void Usage() {
  fprintf(stderr,
          "usage: boardbot-front --listen HOST:PORT --backend SOCKET[,SOCKET...] [--connections N]\n"
          "  [--keepalive-time-ms N] [--keepalive-timeout-ms N] [--max-connection-age-ms N]\n"
          "  [--max-connection-age-grace-ms N] [--min-ping-interval-ms N (10000)]\n"
          "  [--max-ping-strikes N (2)]          (0 = leave gRPC's default)\n"
          "With several backend sockets, all calls of one client connection go to the same one\n"
          "(FNV-1a of the peer address modulo their count); --connections N per socket.\n");
  exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string listen;
  std::vector<std::string> backend_paths;
  long connections = 1, keepalive_time = 0, keepalive_timeout = 0, max_age = 0, max_age_grace = 0,
       min_ping_interval = 10000, max_ping_strikes = 2;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") Usage();
    if (i + 1 >= argc) Usage();
    std::string value = argv[++i];
    auto number = [&](long* out) {
      char* end;
      *out = strtol(value.c_str(), &end, 10);
      if (end == value.c_str() || *end || *out < 0) Usage();
    };
    if (arg == "--listen") listen = value;
    else if (arg == "--backend") {
      backend_paths.clear();
      for (size_t start = 0;;) {  // comma-separated; an empty entry is an error
        size_t comma = value.find(',', start);
        std::string path = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (path.empty()) Usage();
        backend_paths.push_back(path);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    else if (arg == "--connections") number(&connections);
    else if (arg == "--keepalive-time-ms") number(&keepalive_time);
    else if (arg == "--keepalive-timeout-ms") number(&keepalive_timeout);
    else if (arg == "--max-connection-age-ms") number(&max_age);
    else if (arg == "--max-connection-age-grace-ms") number(&max_age_grace);
    else if (arg == "--min-ping-interval-ms") number(&min_ping_interval);
    else if (arg == "--max-ping-strikes") number(&max_ping_strikes);
    else Usage();
  }
  if (listen.empty() || backend_paths.empty() || connections < 1) Usage();
  // Debian builds abseil without NDEBUG, so every absl::Mutex (gRPC's locks) would keep a
  // lock graph for deadlock detection: a few percent of the front's CPU for nothing.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);

  // SIGTERM/SIGINT are taken by sigwait() in one thread; block them before any thread exists
  // (gRPC's threads inherit the mask). A write to a closed socket must fail, not kill us.
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGTERM);
  sigaddset(&sigs, SIGINT);
  pthread_sigmask(SIG_BLOCK, &sigs, nullptr);
  signal(SIGPIPE, SIG_IGN);

  // every backend, in order, each connection with its own 10 s of retries
  for (const std::string& path : backend_paths) {
    g_backends.emplace_back();
    for (long i = 0; i < connections; i++) {
      auto be = std::make_unique<Backend>();
      be->path = path;
      be->fd = ConnectUnix(path);
      if (be->fd < 0) {
        Log("front_backend_connect_failed", path + ": " + strerror(errno));
        return 3;
      }
      g_backends.back().push_back(std::move(be));
    }
  }
  for (auto& conns : g_backends)
    for (auto& be : conns) std::thread([b = be.get()] { b->ReadLoop(); }).detach();

  Service service;
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &port);
  auto arg = [&](const char* name, long value) {
    if (value > 0) builder.AddChannelArgument(name, int(value));
  };
  arg(GRPC_ARG_KEEPALIVE_TIME_MS, keepalive_time);
  arg(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, keepalive_timeout);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MAX_PINGS_WITHOUT_DATA, 0);
  arg(GRPC_ARG_MAX_CONNECTION_AGE_MS, max_age);
  arg(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS, max_age_grace);
  arg(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, min_ping_interval);
  arg(GRPC_ARG_HTTP2_MAX_PING_STRIKES, max_ping_strikes);
  builder.RegisterCallbackGenericService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    Log("front_listen_failed", listen);
    return 1;
  }

  std::string address = listen.substr(0, listen.rfind(':') + 1) + std::to_string(port);
  printf("{\"event\": \"front_serving\", \"address\": %s, \"pid\": %d, \"backends\": %d}\n",
         JsonString(address).c_str(), int(getpid()), int(g_backends.size()));
  fflush(stdout);

  std::thread([sigs] {
    int sig = 0;
    sigwait(&sigs, &sig);
    RequestExit(0);
  }).detach();

  int code;
  {
    std::unique_lock<std::mutex> l(g_exit_mu);
    g_exit_cv.wait(l, [] { return g_exit_code >= 0; });
    code = g_exit_code;
  }
  // After a signal, in-flight calls get 5 s to finish; after a backend loss the calls of the
  // other connections get 1 s (the lost ones have already been failed with UNAVAILABLE).
  Log(code == 0 ? "front_stopping" : "front_exiting_backend_lost");
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(code == 0 ? 5 : 1));
  Log("front_stopped", "live_calls " + std::to_string(g_live_calls.load()));
  fflush(stdout);
  fflush(stderr);
  // skip destructors: the detached reader threads still use the backends
  _exit(code);
}
