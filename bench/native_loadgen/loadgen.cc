// boardbot-loadgen: a lean native SubmitMove load generator for boardbot's GameService.
//
// Each of --clients simulated clients owns one TCP connection and plays whole games
// back to back: CreateGame (seat 0 human, the other seats the server's --bot), GetView
// as seat 0, then SubmitMove(a uniformly random legal move id, RESPONSE_VIEW_NEXT_DECISION)
// until the game is finished, each reply carrying the seat's next decision; then
// DeleteGame with the owner token, and the next game.
//
// --rate R paces the SubmitMoves (R a second in all): client i sends every clients/R
// seconds from t0 + i/R, the clients' schedules evenly interleaved; a client that is
// late sends at once (no skipping), and each SubmitMove's latency is also measured from
// its intended send time (coordinated omission corrected). --rate 0: closed loop.
//
// Only calls that start after --warmup and end before --duration (both from the start)
// are measured. The generator's own CPU (getrusage RUSAGE_SELF, all threads) over that
// window is divided by the measured SubmitMoves.
//
// Two transports, the same games and figures:
//   h2   (default) gRPC's wire protocol spoken directly with nghttp2: one event loop
//        thread (--threads N: N loops, the clients dealt between them) with epoll, one
//        HTTP/2 connection per client; requests built with the generated protobuf classes,
//        the views read by a lean wire reader (status and legal move ids only; --parse full
//        parses every reply with the generated classes). On the 2-core VM: 76-82 µs of
//        CPU per SubmitMove at 1,000/s, against 189-201 µs with the gRPC library.
//   grpc the gRPC C++ library: one thread per client doing blocking calls on its own
//        channel (a distinct channel arg and a local subchannel pool, so its own TCP
//        connection). The reference implementation: as much CPU per call as the Python
//        generator (most of it gRPC core, and the wake-ups of 64 threads).
// See docs/loadtest.md, "Native generator".
#include <absl/synchronization/mutex.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <nghttp2/nghttp2.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "boardbot/v1/game_service.grpc.pb.h"

namespace bb = boardbot::v1;
using Clock = std::chrono::steady_clock;
using TimePoint = Clock::time_point;

namespace {

struct Options {
  std::string target = "127.0.0.1:50051";
  int clients = 64;
  double rate = 0.0;  // SubmitMoves a second in all; 0: closed loop
  double duration = 10.0;
  double warmup = 2.0;
  std::string game = "frogriders";
  int players = 2;
  std::string bot = "random";
  uint64_t seed = 1;
  double timeout = 5.0;
  std::string transport = "h2";
  int threads = 1;  // h2 event loops
  bool full_parse = false;  // h2: parse every reply into the generated classes
  std::string json_out;
  std::string latencies_out;
  bool marks = false;
  bool quiet = false;
};

const char* kUsage =
    "usage: boardbot-loadgen [--target HOST:PORT] [--clients N] [--rate R] [--duration S]\n"
    "                        [--warmup S] [--game NAME] [--players N] [--bot SPEC] [--seed N]\n"
    "                        [--timeout S] [--transport h2|grpc] [--threads N] [--parse lean|full]\n"
    "                        [--json-out FILE] [--latencies-out FILE] [--marks] [--quiet]\n"
    "\n"
    "  --target HOST:PORT     GameService address (default 127.0.0.1:50051)\n"
    "  --clients N            simulated clients, one TCP connection each (default 64)\n"
    "  --rate R               SubmitMoves a second offered in all, paced per client; 0 = closed loop (default 0)\n"
    "  --duration S           seconds of load from the start, warmup included (default 10)\n"
    "  --warmup S             seconds at the start not measured (default 2)\n"
    "  --game NAME            game to play (default frogriders)\n"
    "  --players N            seats: seat 0 is the client's, the others the server's bots (default 2)\n"
    "  --bot SPEC             bot spec of the server-side seats (default random)\n"
    "  --seed N               base seed: game k of client i has seed N + i*1000000 + k (default 1)\n"
    "  --timeout S            per-call deadline in seconds (default 5)\n"
    "  --transport h2|grpc    h2: gRPC over nghttp2, event loop (default, lean); grpc: the gRPC C++\n"
    "                         library, a thread per client with blocking calls (reference)\n"
    "  --threads N            h2 event-loop threads, the clients dealt between them (default 1)\n"
    "  --parse lean|full      h2: read only the status and the legal move ids from the views (lean,\n"
    "                         default) or parse every reply into the generated classes (full)\n"
    "  --json-out FILE        write the results as JSON\n"
    "  --latencies-out FILE   every measured SubmitMove: send_time_us_since_start latency_us\n"
    "                         latency_from_intended_us, one per line\n"
    "  --marks                print 'mark window_start' / 'mark window_end' lines on stdout (flushed)\n"
    "                         when the measured window opens and closes (for bench/native_submit.py)\n"
    "  --quiet                no human summary\n";

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "boardbot-loadgen: %s\n", msg.c_str());
  std::exit(2);
}

double parse_double(const std::string& name, const std::string& v) {
  char* end = nullptr;
  double d = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !std::isfinite(d)) die(name + ": not a number: " + v);
  return d;
}

long long parse_int(const std::string& name, const std::string& v) {
  char* end = nullptr;
  long long n = std::strtoll(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0') die(name + ": not an integer: " + v);
  return n;
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (arg == "--marks") { o.marks = true; continue; }
    if (arg == "--quiet") { o.quiet = true; continue; }
    std::string value;
    auto eq = arg.find('=');
    if (arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    } else {
      if (i + 1 >= argc) die(arg + " needs a value\n" + kUsage);
      value = argv[++i];
    }
    if (arg == "--target") o.target = value;
    else if (arg == "--clients") o.clients = static_cast<int>(parse_int(arg, value));
    else if (arg == "--rate") o.rate = parse_double(arg, value);
    else if (arg == "--duration") o.duration = parse_double(arg, value);
    else if (arg == "--warmup") o.warmup = parse_double(arg, value);
    else if (arg == "--game") o.game = value;
    else if (arg == "--players") o.players = static_cast<int>(parse_int(arg, value));
    else if (arg == "--bot") o.bot = value;
    else if (arg == "--seed") o.seed = static_cast<uint64_t>(parse_int(arg, value));
    else if (arg == "--timeout") o.timeout = parse_double(arg, value);
    else if (arg == "--transport") o.transport = value;
    else if (arg == "--threads") o.threads = static_cast<int>(parse_int(arg, value));
    else if (arg == "--parse") {
      if (value != "lean" && value != "full") die("--parse is lean or full");
      o.full_parse = value == "full";
    }
    else if (arg == "--json-out") o.json_out = value;
    else if (arg == "--latencies-out") o.latencies_out = value;
    else die("unknown option " + arg + "\n" + kUsage);
  }
  if (o.clients < 1) die("--clients must be at least 1");
  if (o.rate < 0) die("--rate must be >= 0");
  if (o.players < 1) die("--players must be at least 1");
  if (o.duration <= 0) die("--duration must be positive");
  if (o.warmup < 0 || o.warmup >= o.duration) die("--warmup must be >= 0 and less than --duration");
  if (o.timeout <= 0) die("--timeout must be positive");
  if (o.transport != "h2" && o.transport != "grpc") die("--transport is h2 or grpc");
  if (o.threads < 1) die("--threads must be at least 1");
  o.threads = std::min(o.threads, o.clients);
  return o;
}

// gRPC status codes (the numbers are the protocol's).
const char* code_name(int code) {
  static const char* const names[] = {
      "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
      "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
      "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};
  return code >= 0 && code <= 16 ? names[code] : "UNKNOWN_CODE";
}

constexpr int kOk = 0, kCancelled = 1, kUnknown = 2, kDeadlineExceeded = 4, kPermissionDenied = 7,
              kResourceExhausted = 8, kUnimplemented = 12, kInternal = 13, kUnavailable = 14,
              kUnauthenticated = 16;

bool backoff_code(int code) {
  return code == kUnavailable || code == kDeadlineExceeded || code == kResourceExhausted || code == kInternal ||
         code == kUnknown;
}

constexpr auto kBackoff = std::chrono::milliseconds(50);
constexpr auto kBotPoll = std::chrono::milliseconds(2);  // a view without our decision: view again after this
constexpr int kMaxErrorsPerGame = 10;

enum Method { kCreateGame = 0, kGetView, kSubmitMove, kDeleteGame, kMethods };
const char* const kMethodNames[kMethods] = {"CreateGame", "GetView", "SubmitMove", "DeleteGame"};
const char* const kMethodPaths[kMethods] = {
    "/boardbot.v1.GameService/CreateGame", "/boardbot.v1.GameService/GetView",
    "/boardbot.v1.GameService/SubmitMove", "/boardbot.v1.GameService/DeleteGame"};

struct SubmitSample {
  int64_t send_us;  // since t0
  int64_t latency_us;
  int64_t from_intended_us;
};

struct Shared {
  Options opts;
  TimePoint t0, t_warm, t_end;
  std::chrono::nanoseconds timeout{0};
};

int64_t us_between(TimePoint a, TimePoint b) {
  return std::chrono::duration_cast<std::chrono::microseconds>(b - a).count();
}

// What one client measured; merged after the run (nothing shared while it runs).
struct ClientStats {
  std::vector<SubmitSample> submits;
  std::vector<int64_t> send_lag_us;  // paced: actual minus intended send time of measured SubmitMoves
  std::vector<int64_t> latencies[kMethods];  // measured successful calls, µs (SubmitMove too)
  std::map<std::string, int64_t> errors[kMethods];  // measured failed calls by code name
  int64_t all_ok[kMethods] = {0, 0, 0, 0};  // every call, measured or not
  int64_t all_errors[kMethods] = {0, 0, 0, 0};
  int64_t games_finished = 0;  // the game's end was seen inside the window
  int64_t games_finished_all = 0;
  int64_t games_failed = 0;  // abandoned after too many errors
  int64_t games_cut = 0;  // still running at the end of the load
  int64_t views_while_bots_move = 0;
  int64_t connections = 0;  // TCP connections opened (h2: 1 unless the server closed one)
  std::string first_error;  // one message, for the summary
};

// What a client needs from a view: is the game over, and the legal move ids if it is our
// decision.
struct Decision {
  bool finished = false;
  std::vector<int32_t> moves;

  void from(const bb::SeatView& view) {
    finished = view.status() == bb::GAME_STATUS_FINISHED;
    moves.clear();
    for (const auto& m : view.legal_moves()) moves.push_back(m.id());
  }
};

// A lean reader of the protobuf wire format, for the hot replies: it reads the statuses and
// the legal move ids and skips the rest (the board, the move texts) without building any
// message. The field numbers come from the generated classes.
class WireReader {
 public:
  WireReader(const uint8_t* p, size_t n) : p_(p), end_(p + n) {}

  // The next field's number and wire type; false at the end or on malformed input.
  bool next(uint32_t* field, uint32_t* type) {
    if (p_ >= end_) return false;
    uint64_t key;
    if (!varint(&key)) return false;
    *field = static_cast<uint32_t>(key >> 3);
    *type = static_cast<uint32_t>(key & 7);
    return *field != 0;
  }
  bool varint(uint64_t* v) {
    uint64_t out = 0;
    for (int shift = 0; shift < 64 && p_ < end_; shift += 7) {
      uint8_t b = *p_++;
      out |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) {
        *v = out;
        return true;
      }
    }
    ok_ = false;
    return false;
  }
  bool bytes(const uint8_t** data, size_t* len) {
    uint64_t n;
    if (!varint(&n) || n > static_cast<uint64_t>(end_ - p_)) return ok_ = false;
    *data = p_;
    *len = static_cast<size_t>(n);
    p_ += n;
    return true;
  }
  bool skip(uint32_t type) {
    uint64_t v;
    const uint8_t* d;
    size_t n;
    switch (type) {
      case 0: return varint(&v);
      case 1: return advance(8);
      case 2: return bytes(&d, &n);
      case 5: return advance(4);
      default: return ok_ = false;  // groups: not in proto3
    }
  }
  bool ok() const { return ok_; }

 private:
  bool advance(size_t n) {
    if (n > static_cast<size_t>(end_ - p_)) return ok_ = false;
    p_ += n;
    return true;
  }
  const uint8_t* p_;
  const uint8_t* end_;
  bool ok_ = true;
};

// SeatView: status and legal_moves[].id.
bool read_seat_view(const uint8_t* p, size_t n, Decision* d) {
  d->finished = false;
  d->moves.clear();
  WireReader r(p, n);
  uint32_t field, type;
  while (r.next(&field, &type)) {
    if (field == bb::SeatView::kStatusFieldNumber && type == 0) {
      uint64_t v;
      if (!r.varint(&v)) return false;
      d->finished = v == bb::GAME_STATUS_FINISHED;
    } else if (field == bb::SeatView::kLegalMovesFieldNumber && type == 2) {
      const uint8_t* m;
      size_t len;
      if (!r.bytes(&m, &len)) return false;
      WireReader mr(m, len);
      int32_t id = 0;  // proto3: absent means 0
      uint32_t f, t;
      while (mr.next(&f, &t)) {
        if (f == bb::LegalMove::kIdFieldNumber && t == 0) {
          uint64_t v;
          if (!mr.varint(&v)) return false;
          id = static_cast<int32_t>(v);
        } else if (!mr.skip(t)) {
          return false;
        }
      }
      if (!mr.ok()) return false;
      d->moves.push_back(id);
    } else if (!r.skip(type)) {
      return false;
    }
  }
  return r.ok();
}

// GetViewResponse / SubmitMoveResponse: the view (and SubmitMove's own status, which is the
// game's status right after the move: a bot may end the game after it, which only the view says).
bool read_view_reply(const uint8_t* p, size_t n, uint32_t view_field, uint32_t status_field, bool* finished,
                     Decision* d) {
  *finished = false;
  bool have_view = false;
  WireReader r(p, n);
  uint32_t field, type;
  while (r.next(&field, &type)) {
    if (field == view_field && type == 2) {
      const uint8_t* v;
      size_t len;
      if (!r.bytes(&v, &len) || !read_seat_view(v, len, d)) return false;
      have_view = true;
    } else if (status_field && field == status_field && type == 0) {
      uint64_t v;
      if (!r.varint(&v)) return false;
      *finished = v == bb::GAME_STATUS_FINISHED;
    } else if (!r.skip(type)) {
      return false;
    }
  }
  if (!have_view) read_seat_view(nullptr, 0, d);  // an empty view
  return r.ok();
}

// The game logic both transports share: what to send, what a reply means, what it counts.
class Player {
 public:
  Player(const Shared& sh, int index)
      : sh_(sh), index_(index),
        rng_(sh.opts.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(index) * 0xBF58476D1CE4E5B9ULL + 1) {
    const Options& o = sh.opts;
    creq_.set_game(o.game);
    for (int p = 0; p < o.players; ++p) {
      bb::SeatSpec* seat = creq_.add_seats();
      if (p == 0) {
        seat->set_kind(bb::SEAT_KIND_HUMAN);
      } else {
        seat->set_kind(bb::SEAT_KIND_BOT);
        seat->set_bot(o.bot);
      }
    }
    vreq_.set_seat(0);
    sreq_.set_seat(0);
    sreq_.set_response_view(bb::RESPONSE_VIEW_NEXT_DECISION);
    paced_ = o.rate > 0;
    if (paced_) {
      interval_ = std::chrono::nanoseconds(static_cast<int64_t>(1e9 * o.clients / o.rate));
    }
  }

  ClientStats& stats() { return st_; }
  int index() const { return index_; }

 protected:
  void start_schedule() {
    if (paced_) next_send_ = sh_.t0 + std::chrono::nanoseconds(static_cast<int64_t>(1e9 * index_ / sh_.opts.rate));
  }

  bool over() const { return Clock::now() >= sh_.t_end; }

  void prepare_create() { creq_.set_seed(sh_.opts.seed + static_cast<uint64_t>(index_) * 1000000ULL + game_no_++); }

  // A CreateGame reply: the game's ids and tokens into the requests. False if seat 0 has no token.
  bool start_game(const bb::CreateGameResponse& resp) {
    const std::string& id = resp.game().game_id();
    vreq_.set_game_id(id);
    sreq_.set_game_id(id);
    dreq_.set_game_id(id);
    seat_auth_.clear();
    for (const auto& t : resp.seat_tokens()) {
      if (t.seat() == 0) seat_auth_ = "Bearer " + t.token();
    }
    owner_auth_ = "Bearer " + resp.owner_token();
    errors_ = 0;
    return !seat_auth_.empty();
  }

  // Record one call; only calls that start after the warmup and end before the end are measured.
  void record(Method m, TimePoint start, TimePoint end, int code, const std::string& message) {
    if (code == kOk) {
      ++st_.all_ok[m];
    } else {
      ++st_.all_errors[m];
      if (st_.first_error.empty()) {
        st_.first_error = std::string(kMethodNames[m]) + ": " + code_name(code) + ": " + message;
      }
    }
    if (!in_window(start, end)) return;
    if (code == kOk) {
      st_.latencies[m].push_back(us_between(start, end));
    } else {
      ++st_.errors[m][code_name(code)];
    }
  }

  void record_submit(TimePoint start, TimePoint done) {
    if (!in_window(start, done)) return;
    TimePoint intended = paced_ ? intended_ : start;  // closed loop: sent when intended
    st_.submits.push_back({us_between(sh_.t0, start), us_between(start, done), us_between(intended, done)});
    if (paced_) st_.send_lag_us.push_back(std::max<int64_t>(0, us_between(intended_, start)));
  }

  void count_finished(TimePoint when) {
    ++st_.games_finished_all;
    if (when >= sh_.t_warm && when <= sh_.t_end) ++st_.games_finished;
  }

  // The move to make from a view with legal moves (sets the SubmitMove request).
  void choose(const Decision& d) {
    int n = static_cast<int>(d.moves.size());
    sreq_.set_move_id(d.moves[std::uniform_int_distribution<int>(0, n - 1)(rng_)]);
  }

  // Paced: the next intended send time (false when it is past the end: the client stops).
  bool take_slot() {
    intended_ = next_send_;
    next_send_ += interval_;
    return intended_ < sh_.t_end;
  }

  bool in_window(TimePoint start, TimePoint end) const { return start >= sh_.t_warm && end <= sh_.t_end; }

  const Shared& sh_;
  int index_;
  std::mt19937_64 rng_;
  ClientStats st_;
  bool paced_ = false;
  std::chrono::nanoseconds interval_{0};
  TimePoint next_send_{};
  TimePoint intended_{};
  uint64_t game_no_ = 0;
  int errors_ = 0;  // failed calls in the current game
  bb::CreateGameRequest creq_;
  bb::GetViewRequest vreq_;
  bb::SubmitMoveRequest sreq_;
  bb::DeleteGameRequest dreq_;
  std::string seat_auth_, owner_auth_;
  Decision decision_;
};

// ---------------------------------------------------------------------------------------
// Transport "grpc": the gRPC C++ library, one thread per client, blocking calls.

class GrpcClient : public Player {
 public:
  GrpcClient(const Shared& sh, int index, std::shared_ptr<grpc::Channel> channel)
      : Player(sh, index), channel_(std::move(channel)), stub_(bb::GameService::NewStub(channel_)) {
    st_.connections = 1;
  }

  grpc::Channel* channel() { return channel_.get(); }

  void run() {
    start_schedule();
    bool stop = false;  // the schedule reached the end of the load
    bb::CreateGameResponse cresp;
    bb::GetViewResponse vresp;
    bb::SubmitMoveResponse sresp;
    bb::DeleteGameResponse dresp;
    while (!stop && !over()) {
      prepare_create();
      grpc::Status s;
      {
        grpc::ClientContext ctx;
        set_deadline(&ctx);
        TimePoint t = Clock::now();
        s = stub_->CreateGame(&ctx, creq_, &cresp);
        record(kCreateGame, t, Clock::now(), s.error_code(), s.error_message());
      }
      if (!s.ok()) {
        std::this_thread::sleep_for(kBackoff);  // whatever the code: do not spin on a bad request
        continue;
      }
      start_game(cresp);
      bool finished = false;
      const bb::SeatView* view = nullptr;  // the view to act on, if the last reply carried it
      while (!over()) {
        if (errors_ > kMaxErrorsPerGame) {
          ++st_.games_failed;
          break;
        }
        if (view == nullptr) {
          grpc::ClientContext ctx;
          set_deadline(&ctx);
          ctx.AddMetadata("authorization", seat_auth_);
          TimePoint t = Clock::now();
          s = stub_->GetView(&ctx, vreq_, &vresp);
          record(kGetView, t, Clock::now(), s.error_code(), s.error_message());
          if (!s.ok()) {
            ++errors_;
            if (backoff_code(s.error_code())) std::this_thread::sleep_for(kBackoff);
            continue;
          }
          view = &vresp.view();
        }
        decision_.from(*view);
        if (decision_.finished) {
          finished = true;
          count_finished(Clock::now());
          break;
        }
        if (decision_.moves.empty()) {  // the bots still move (the next-decision wait ran out)
          ++st_.views_while_bots_move;
          view = nullptr;
          std::this_thread::sleep_for(kBotPoll);
          continue;
        }
        choose(decision_);
        view = nullptr;
        if (paced_) {
          if (!take_slot()) {
            stop = true;
            break;
          }
          if (intended_ > Clock::now()) std::this_thread::sleep_until(intended_);
        }
        grpc::ClientContext ctx;
        set_deadline(&ctx);
        ctx.AddMetadata("authorization", seat_auth_);
        TimePoint t = Clock::now();
        if (t >= sh_.t_end) {
          stop = true;
          break;
        }
        s = stub_->SubmitMove(&ctx, sreq_, &sresp);
        TimePoint done = Clock::now();
        record(kSubmitMove, t, done, s.error_code(), s.error_message());
        if (!s.ok()) {
          ++errors_;
          if (backoff_code(s.error_code())) std::this_thread::sleep_for(kBackoff);
          continue;  // view again: the move may or may not have been made
        }
        record_submit(t, done);
        if (sresp.status() == bb::GAME_STATUS_FINISHED) {
          finished = true;
          count_finished(done);
          break;
        }
        view = &sresp.view();
      }
      if (!finished && (stop || over())) {
        ++st_.games_cut;
        std::this_thread::sleep_until(sh_.t_end);  // the clean-up is not part of the measured load
      }
      grpc::ClientContext ctx;
      set_deadline(&ctx);
      ctx.AddMetadata("authorization", owner_auth_);
      TimePoint t = Clock::now();
      s = stub_->DeleteGame(&ctx, dreq_, &dresp);
      record(kDeleteGame, t, Clock::now(), s.error_code(), s.error_message());
    }
  }

 private:
  void set_deadline(grpc::ClientContext* ctx) const {
    ctx->set_deadline(std::chrono::system_clock::now() + sh_.timeout);
  }

  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<bb::GameService::Stub> stub_;
};

// ---------------------------------------------------------------------------------------
// Transport "h2": gRPC's wire protocol over nghttp2 (HTTP/2 without TLS, prior knowledge),
// event-driven. A unary call is a POST to /package.Service/Method with content-type
// application/grpc, "te: trailers", grpc-timeout and the metadata as headers, a body of
// one length-prefixed message; the reply is headers, one length-prefixed message, and
// trailers with grpc-status (and grpc-message), or headers alone with grpc-status on error.

class H2Loop;

enum class Next : uint8_t { kNone, kCreate, kView, kSubmit, kDelete };

class H2Client : public Player {
 public:
  H2Client(const Shared& sh, int index, H2Loop* loop, uint32_t slot, const sockaddr_storage& addr, socklen_t addrlen)
      : Player(sh, index), loop_(loop), slot_(slot), addr_(addr), addrlen_(addrlen) {
    char buf[32];
    long long ms = std::max<long long>(1, std::llround(sh.opts.timeout * 1000));
    std::snprintf(buf, sizeof buf, "%lldm", ms);  // grpc-timeout: at most 8 digits
    timeout_header_ = buf;
  }
  ~H2Client() { close_connection(); }

  bool connected() const { return settings_received_; }
  bool done() const { return done_; }
  int fd() const { return fd_; }

  // Open the connection (before the start; the loop waits for the server's SETTINGS).
  void open() { connect_now(); }

  // The start: the first game.
  void begin() {
    start_schedule();
    next_game();
  }

  // Socket events; `gen` says which of the client's connections they are for.
  void on_io(uint32_t events, uint32_t gen) {
    if (gen == gen_) on_io(events);
  }
  void on_wake(uint64_t seq) {
    if (seq != wake_seq_ || pending_ == Next::kNone) return;
    Next what = pending_;
    pending_ = Next::kNone;
    act(what);
  }
  void on_deadline(uint64_t seq);

 private:
  // ---- the game, as a state machine ----
  void act(Next what) {
    switch (what) {
      case Next::kCreate: next_game(); break;
      case Next::kView: get_view(); break;
      case Next::kSubmit: submit(); break;
      case Next::kDelete: delete_game(); break;
      case Next::kNone: break;
    }
  }

  void wake(TimePoint at, Next what);

  void next_game() {
    if (stop_ || over()) {
      finish();
      return;
    }
    prepare_create();
    start_call(kCreateGame, creq_, nullptr);
  }

  // The load is over (the game is cut) or the game saw too many errors (it is dropped):
  // true when this game stops here.
  bool ends_here() {
    if (over()) {
      cut();
      return true;
    }
    if (errors_ > kMaxErrorsPerGame) {
      ++st_.games_failed;
      delete_game();
      return true;
    }
    return false;
  }

  void get_view() {
    if (ends_here()) return;
    start_call(kGetView, vreq_, &seat_auth_);
  }

  void decide(const Decision& view) {
    if (view.finished) {
      count_finished(Clock::now());
      delete_game();
      return;
    }
    if (ends_here()) return;
    if (view.moves.empty()) {  // the bots still move (the next-decision wait ran out)
      ++st_.views_while_bots_move;
      wake(Clock::now() + kBotPoll, Next::kView);
      return;
    }
    choose(view);
    if (paced_) {
      if (!take_slot()) {
        stop_ = true;
        cut();
        return;
      }
      if (intended_ > Clock::now()) {
        wake(intended_, Next::kSubmit);
        return;
      }
    }
    submit();
  }

  void submit() {
    if (over()) {
      stop_ = true;
      cut();
      return;
    }
    start_call(kSubmitMove, sreq_, &seat_auth_);
  }

  // The load ends with this game unfinished: delete it once the measured window is over.
  void cut() {
    ++st_.games_cut;
    stop_ = true;
    if (Clock::now() < sh_.t_end) {
      wake(sh_.t_end, Next::kDelete);
    } else {
      delete_game();
    }
  }

  void delete_game() { start_call(kDeleteGame, dreq_, &owner_auth_); }

  void finish();

  void on_reply(Method m, int code, const std::string& message, const char* data, size_t len, TimePoint start,
                TimePoint done) {
    bool ok = code == kOk;
    bool parsed = true;
    // Each reply is parsed into a fresh message on the arena, dropped all at once by the
    // next Reset: no per-field frees (clearing a message deletes its oneof members, and
    // every view and legal move has some).
    // --parse lean (the default) reads the views with WireReader instead.
    bb::CreateGameResponse* cresp = nullptr;
    bool move_finished = false;  // SubmitMove: the move ended the game
    if (ok) {
      arena_.Reset();
      const auto* bytes = reinterpret_cast<const uint8_t*>(data);
      switch (m) {
        case kCreateGame:
          cresp = google::protobuf::Arena::CreateMessage<bb::CreateGameResponse>(&arena_);
          parsed = cresp->ParseFromArray(data, static_cast<int>(len));
          break;
        case kGetView:
          if (sh_.opts.full_parse) {
            auto* vresp = google::protobuf::Arena::CreateMessage<bb::GetViewResponse>(&arena_);
            parsed = vresp->ParseFromArray(data, static_cast<int>(len));
            if (parsed) decision_.from(vresp->view());
          } else {
            parsed = read_view_reply(bytes, len, bb::GetViewResponse::kViewFieldNumber, 0, &move_finished, &decision_);
          }
          break;
        case kSubmitMove:
          if (sh_.opts.full_parse) {
            auto* sresp = google::protobuf::Arena::CreateMessage<bb::SubmitMoveResponse>(&arena_);
            parsed = sresp->ParseFromArray(data, static_cast<int>(len));
            if (parsed) {
              move_finished = sresp->status() == bb::GAME_STATUS_FINISHED;
              decision_.from(sresp->view());
            }
          } else {
            parsed = read_view_reply(bytes, len, bb::SubmitMoveResponse::kViewFieldNumber,
                                     bb::SubmitMoveResponse::kStatusFieldNumber, &move_finished, &decision_);
          }
          break;
        case kDeleteGame:
        default:
          break;
      }
    }
    if (!parsed) {
      code = kInternal;
      ok = false;
    }
    record(m, start, done, code, parsed ? message : "the reply does not parse");
    switch (m) {
      case kCreateGame:
        if (!ok || !start_game(*cresp)) {
          if (ok) st_.first_error = st_.first_error.empty() ? "CreateGame: no token for seat 0" : st_.first_error;
          wake(Clock::now() + kBackoff, Next::kCreate);  // whatever the code: do not spin on a bad request
          return;
        }
        get_view();
        return;
      case kGetView:
        if (!ok) {
          ++errors_;
          after_error(code);
          return;
        }
        decide(decision_);
        return;
      case kSubmitMove:
        if (!ok) {
          ++errors_;
          after_error(code);  // view again: the move may or may not have been made
          return;
        }
        record_submit(start, done);
        if (move_finished) {
          count_finished(done);
          delete_game();
          return;
        }
        decide(decision_);
        return;
      case kDeleteGame:
      default:
        next_game();
        return;
    }
  }

  void after_error(int code) {
    if (backoff_code(code)) {
      wake(Clock::now() + kBackoff, Next::kView);
    } else {
      get_view();
    }
  }

  // ---- one call at a time on the connection ----
  struct Call {
    bool active = false;
    bool closed = false;  // the stream is closed: complete it after the input is processed
    Method method = kCreateGame;
    int32_t stream = -1;
    uint64_t seq = 0;
    TimePoint start{};
    int http_status = 0;
    int grpc_status = -1;
    uint32_t reset = 0;  // RST_STREAM error code
    std::string grpc_message;
    std::string body;
  };

  void start_call(Method m, const google::protobuf::MessageLite& req, const std::string* auth);
  void complete(int forced_code = -1, const char* forced_message = nullptr);
  void connect_now();
  void close_connection();
  void connection_lost(const char* why);
  bool flush();
  void want_write(bool on);

  static ssize_t read_body(nghttp2_session*, int32_t, uint8_t* buf, size_t length, uint32_t* flags,
                           nghttp2_data_source*, void* user);
  static int on_header(nghttp2_session*, const nghttp2_frame* frame, const uint8_t* name, size_t namelen,
                       const uint8_t* value, size_t valuelen, uint8_t, void* user);
  static int on_data(nghttp2_session*, uint8_t, int32_t stream, const uint8_t* data, size_t len, void* user);
  static int on_stream_close(nghttp2_session*, int32_t stream, uint32_t error_code, void* user);
  static int on_frame(nghttp2_session*, const nghttp2_frame* frame, void* user);

  void on_io(uint32_t events);

  H2Loop* loop_;
  uint32_t slot_;  // index in the loop's clients
  uint32_t gen_ = 0;  // connection number (stale events of a closed connection are ignored)
  sockaddr_storage addr_;
  socklen_t addrlen_;
  std::string timeout_header_;
  int fd_ = -1;
  nghttp2_session* session_ = nullptr;
  bool settings_received_ = false;
  bool goaway_ = false;
  bool writing_ = false;  // EPOLLOUT requested
  std::string out_;  // bytes nghttp2 produced that the socket has not taken yet
  size_t out_off_ = 0;
  std::string req_;  // the framed request body
  size_t req_off_ = 0;
  Call call_;
  uint64_t seq_ = 0;
  uint64_t wake_seq_ = 0;
  Next pending_ = Next::kNone;
  bool stop_ = false;
  bool done_ = false;
  std::unique_ptr<char[]> arena_block_{new char[kArenaBlock]};
  google::protobuf::Arena arena_{arena_options(arena_block_.get())};

  static constexpr size_t kArenaBlock = 256 * 1024;
  static google::protobuf::ArenaOptions arena_options(char* block) {
    google::protobuf::ArenaOptions opts;
    opts.initial_block = block;
    opts.initial_block_size = kArenaBlock;
    return opts;
  }
};

enum class TimerKind : uint8_t { kWake, kDeadline };

struct Timer {
  TimePoint at;
  H2Client* client;
  uint64_t seq;
  TimerKind kind;
  bool operator>(const Timer& o) const { return at > o.at; }
};

class H2Loop {
 public:
  H2Loop() {
    ep_ = epoll_create1(EPOLL_CLOEXEC);
    if (ep_ < 0) die(std::string("epoll_create1: ") + std::strerror(errno));
  }
  ~H2Loop() { close(ep_); }

  void add(std::unique_ptr<H2Client> c) { clients_.push_back(std::move(c)); }
  std::vector<std::unique_ptr<H2Client>>& clients() { return clients_; }

  void add_timer(TimePoint at, H2Client* c, uint64_t seq, TimerKind kind) { timers_.push({at, c, seq, kind}); }
  void client_done() { ++done_; }

  void watch(int fd, uint32_t slot, uint32_t gen, bool add, bool out) {
    epoll_event ev{};
    ev.events = static_cast<uint32_t>(EPOLLIN) | (out ? static_cast<uint32_t>(EPOLLOUT) : 0u);
    ev.data.u64 = (static_cast<uint64_t>(slot) << 32) | gen;
    if (epoll_ctl(ep_, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &ev) != 0) {
      die(std::string("epoll_ctl: ") + std::strerror(errno));
    }
  }

  // Connect every client and wait for each server's SETTINGS (by `until`).
  bool connect_all(TimePoint until) {
    for (auto& c : clients_) c->open();
    while (Clock::now() < until) {
      bool all = true;
      for (auto& c : clients_) all &= c->connected();
      if (all) return true;
      poll_once(std::min(until, Clock::now() + std::chrono::milliseconds(50)));
    }
    return false;
  }

  void run(TimePoint t0) {
    // Wake at the timers, not up to 50 µs later (the default slack): the sends keep to
    // their schedule, at no cost in wake-ups.
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    std::this_thread::sleep_until(t0);
    for (auto& c : clients_) c->begin();
    for (;;) {
      if (done_ == clients_.size()) return;
      TimePoint until = timers_.empty() ? Clock::now() + std::chrono::seconds(1) : timers_.top().at;
      poll_once(until);
      TimePoint now = Clock::now();
      while (!timers_.empty() && timers_.top().at <= now) {
        Timer t = timers_.top();
        timers_.pop();
        if (t.kind == TimerKind::kWake) {
          t.client->on_wake(t.seq);
        } else {
          t.client->on_deadline(t.seq);
        }
      }
    }
  }

 private:
  void poll_once(TimePoint until) {
    auto wait = std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(until - Clock::now()).count());
    timespec ts{static_cast<time_t>(wait / 1000000000), static_cast<long>(wait % 1000000000)};
    epoll_event events[64];
    int n = epoll_pwait2(ep_, events, 64, &ts, nullptr);
    if (n < 0) {
      if (errno == EINTR) return;
      die(std::string("epoll_pwait2: ") + std::strerror(errno));
    }
    for (int i = 0; i < n; ++i) {
      uint64_t d = events[i].data.u64;
      clients_[d >> 32]->on_io(events[i].events, static_cast<uint32_t>(d & 0xffffffffu));
    }
  }

  int ep_;
  size_t done_ = 0;  // clients that have stopped
  std::vector<std::unique_ptr<H2Client>> clients_;
  std::priority_queue<Timer, std::vector<Timer>, std::greater<Timer>> timers_;
};

void H2Client::finish() {
  if (!done_) loop_->client_done();
  done_ = true;
  close_connection();
}

void H2Client::wake(TimePoint at, Next what) {
  pending_ = what;
  loop_->add_timer(at, this, ++wake_seq_, TimerKind::kWake);
}

void H2Client::connect_now() {
  settings_received_ = false;
  goaway_ = false;
  out_.clear();
  out_off_ = 0;
  writing_ = false;
  ++gen_;
  fd_ = socket(addr_.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) die(std::string("socket: ") + std::strerror(errno));
  int one = 1;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  ++st_.connections;
  int rc = ::connect(fd_, reinterpret_cast<const sockaddr*>(&addr_), addrlen_);
  if (rc != 0 && errno != EINPROGRESS) {
    close(fd_);
    fd_ = -1;
    return;
  }
  nghttp2_session_callbacks* cbs;
  nghttp2_session_callbacks_new(&cbs);
  nghttp2_session_callbacks_set_on_header_callback(cbs, on_header);
  nghttp2_session_callbacks_set_on_data_chunk_recv_callback(cbs, on_data);
  nghttp2_session_callbacks_set_on_stream_close_callback(cbs, on_stream_close);
  nghttp2_session_callbacks_set_on_frame_recv_callback(cbs, on_frame);
  nghttp2_session_client_new(&session_, cbs, this);
  nghttp2_session_callbacks_del(cbs);
  // Windows large enough that the replies (a few KB) seldom need a WINDOW_UPDATE.
  nghttp2_settings_entry iv[] = {{NGHTTP2_SETTINGS_ENABLE_PUSH, 0},
                                 {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, 1 << 20}};
  nghttp2_submit_settings(session_, NGHTTP2_FLAG_NONE, iv, 2);
  nghttp2_session_set_local_window_size(session_, NGHTTP2_FLAG_NONE, 0, 1 << 24);
  loop_->watch(fd_, slot_, gen_, true, true);  // EPOLLOUT: the connection is made
  writing_ = true;
}

void H2Client::close_connection() {
  if (session_) {
    nghttp2_session_del(session_);
    session_ = nullptr;
  }
  if (fd_ >= 0) {
    close(fd_);  // leaves the epoll set
    fd_ = -1;
  }
  settings_received_ = false;
  goaway_ = false;
}

void H2Client::connection_lost(const char* why) {
  close_connection();
  if (call_.active) complete(kUnavailable, why);
}

void H2Client::want_write(bool on) {
  if (on == writing_ || fd_ < 0) return;
  writing_ = on;
  loop_->watch(fd_, slot_, gen_, false, on);
}

// Everything nghttp2 has to send, in one send() when the socket takes it.
bool H2Client::flush() {
  if (!session_) return false;
  for (;;) {
    const uint8_t* data;
    ssize_t n = nghttp2_session_mem_send(session_, &data);
    if (n < 0) {
      connection_lost(nghttp2_strerror(static_cast<int>(n)));
      return false;
    }
    if (n == 0) break;
    if (out_off_ == out_.size() && out_off_ > 0) {
      out_.clear();
      out_off_ = 0;
    }
    out_.append(reinterpret_cast<const char*>(data), static_cast<size_t>(n));
  }
  while (out_off_ < out_.size()) {
    ssize_t w = ::send(fd_, out_.data() + out_off_, out_.size() - out_off_, MSG_NOSIGNAL);
    if (w > 0) {
      out_off_ += static_cast<size_t>(w);
      continue;
    }
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      want_write(true);
      return true;
    }
    if (w < 0 && errno == EINTR) continue;
    connection_lost(w < 0 ? std::strerror(errno) : "send returned 0");
    return false;
  }
  out_.clear();
  out_off_ = 0;
  want_write(false);
  return true;
}

void H2Client::on_io(uint32_t events) {
  if (fd_ < 0) return;
  if (events & (EPOLLERR | EPOLLHUP)) {
    int err = 0;
    socklen_t len = sizeof err;
    getsockopt(fd_, SOL_SOCKET, SO_ERROR, &err, &len);
    if (!(events & EPOLLIN) || err != 0) {
      connection_lost(err ? std::strerror(err) : "connection closed");
      return;
    }
  }
  if (events & EPOLLIN) {
    char buf[65536];
    ssize_t r = ::read(fd_, buf, sizeof buf);
    if (r == 0) {
      connection_lost("connection closed by the server");
      return;
    }
    if (r < 0) {
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) connection_lost(std::strerror(errno));
      if (fd_ < 0) return;
    } else {
      ssize_t rv = nghttp2_session_mem_recv(session_, reinterpret_cast<const uint8_t*>(buf), static_cast<size_t>(r));
      if (rv < 0) {
        connection_lost(nghttp2_strerror(static_cast<int>(rv)));
        return;
      }
      if (call_.active && call_.closed) complete();
      if (fd_ < 0) return;
    }
  }
  flush();
  // The server is going away (e.g. its max connection age): once idle, a new connection.
  if (session_ && goaway_ && !call_.active) close_connection();
}

void H2Client::start_call(Method m, const google::protobuf::MessageLite& req, const std::string* auth) {
  if (goaway_) close_connection();  // the server is going away: a new connection
  if (fd_ < 0) connect_now();
  call_.active = true;
  call_.closed = false;
  call_.method = m;
  call_.stream = -1;
  call_.seq = ++seq_;
  call_.http_status = 0;
  call_.grpc_status = -1;
  call_.reset = 0;
  call_.grpc_message.clear();
  call_.body.clear();  // keeps its capacity
  call_.start = Clock::now();
  if (fd_ < 0) {
    complete(kUnavailable, "cannot connect");
    return;
  }
  size_t size = req.ByteSizeLong();
  req_.resize(5 + size);
  req_[0] = 0;  // not compressed
  req_[1] = static_cast<char>((size >> 24) & 0xff);
  req_[2] = static_cast<char>((size >> 16) & 0xff);
  req_[3] = static_cast<char>((size >> 8) & 0xff);
  req_[4] = static_cast<char>(size & 0xff);
  req.SerializeWithCachedSizesToArray(reinterpret_cast<uint8_t*>(&req_[5]));
  req_off_ = 0;

  auto nv = [](const char* name, const std::string& value, uint8_t flags) {
    return nghttp2_nv{reinterpret_cast<uint8_t*>(const_cast<char*>(name)),
                      reinterpret_cast<uint8_t*>(const_cast<char*>(value.data())), std::strlen(name), value.size(),
                      flags};
  };
  static const std::string kPost = "POST", kHttp = "http", kGrpc = "application/grpc", kTrailers = "trailers",
                           kAgent = "boardbot-loadgen";
  static const std::string kPaths[kMethods] = {kMethodPaths[0], kMethodPaths[1], kMethodPaths[2], kMethodPaths[3]};
  const uint8_t kConst = NGHTTP2_NV_FLAG_NO_COPY_NAME | NGHTTP2_NV_FLAG_NO_COPY_VALUE;
  nghttp2_nv headers[9] = {
      nv(":method", kPost, kConst),
      nv(":scheme", kHttp, kConst),
      nv(":path", kPaths[m], kConst),
      nv(":authority", sh_.opts.target, kConst),
      nv("content-type", kGrpc, kConst),
      nv("te", kTrailers, kConst),
      nv("grpc-timeout", timeout_header_, kConst),
      nv("user-agent", kAgent, kConst),
  };
  size_t count = 8;
  if (auth) headers[count++] = nv("authorization", *auth, NGHTTP2_NV_FLAG_NO_COPY_NAME);
  nghttp2_data_provider provider{};
  provider.read_callback = read_body;
  int32_t stream = nghttp2_submit_request(session_, nullptr, headers, count, &provider, this);
  if (stream < 0) {
    connection_lost(nghttp2_strerror(stream));  // completes the call: UNAVAILABLE
    return;
  }
  call_.stream = stream;
  loop_->add_timer(call_.start + sh_.timeout, this, call_.seq, TimerKind::kDeadline);
  flush();
}

void H2Client::on_deadline(uint64_t seq) {
  if (!call_.active || call_.seq != seq) return;
  if (session_ && call_.stream > 0) {
    nghttp2_submit_rst_stream(session_, NGHTTP2_FLAG_NONE, call_.stream, NGHTTP2_CANCEL);
  }
  complete(kDeadlineExceeded, "deadline exceeded (client)");
  flush();
}

// HTTP status to gRPC code when a reply has no grpc-status (gRPC's http-grpc-status-mapping).
int code_from_http(int http) {
  switch (http) {
    case 400: return kInternal;
    case 401: return kUnauthenticated;
    case 403: return kPermissionDenied;
    case 404: return kUnimplemented;
    case 429: case 502: case 503: case 504: return kUnavailable;
    default: return kUnknown;
  }
}

void H2Client::complete(int forced_code, const char* forced_message) {
  TimePoint done = Clock::now();
  Call& c = call_;
  c.active = false;
  int code;
  std::string message;
  const char* data = nullptr;
  size_t len = 0;
  if (forced_code >= 0) {
    code = forced_code;
    message = forced_message ? forced_message : "";
  } else if (c.grpc_status >= 0) {
    code = c.grpc_status;
    message = c.grpc_message;
  } else if (c.reset != 0) {
    code = c.reset == NGHTTP2_REFUSED_STREAM ? kUnavailable : c.reset == NGHTTP2_CANCEL ? kCancelled : kInternal;
    message = std::string("stream reset: ") + nghttp2_http2_strerror(c.reset);
  } else if (c.http_status != 200) {
    code = code_from_http(c.http_status);
    message = "HTTP status " + std::to_string(c.http_status);
  } else {
    code = kInternal;
    message = "no grpc-status in the reply";
  }
  if (code == kOk) {
    const std::string& b = c.body;
    if (b.size() < 5 || b[0] != 0) {
      code = kInternal;
      message = b.size() < 5 ? "no message in the reply" : "compressed reply";
    } else {
      size_t n = (static_cast<size_t>(static_cast<uint8_t>(b[1])) << 24) |
                 (static_cast<size_t>(static_cast<uint8_t>(b[2])) << 16) |
                 (static_cast<size_t>(static_cast<uint8_t>(b[3])) << 8) | static_cast<uint8_t>(b[4]);
      if (n != b.size() - 5) {
        code = kInternal;
        message = "reply length mismatch";
      } else {
        data = b.data() + 5;
        len = n;
      }
    }
  }
  on_reply(c.method, code, message, data, len, c.start, done);
}

ssize_t H2Client::read_body(nghttp2_session*, int32_t, uint8_t* buf, size_t length, uint32_t* flags,
                            nghttp2_data_source*, void* user) {
  auto* c = static_cast<H2Client*>(user);
  size_t n = std::min(length, c->req_.size() - c->req_off_);
  std::memcpy(buf, c->req_.data() + c->req_off_, n);
  c->req_off_ += n;
  if (c->req_off_ == c->req_.size()) *flags |= NGHTTP2_DATA_FLAG_EOF;
  return static_cast<ssize_t>(n);
}

int H2Client::on_header(nghttp2_session*, const nghttp2_frame* frame, const uint8_t* name, size_t namelen,
                        const uint8_t* value, size_t valuelen, uint8_t, void* user) {
  auto* c = static_cast<H2Client*>(user);
  if (!c->call_.active || frame->hd.stream_id != c->call_.stream) return 0;
  auto is = [&](const char* s) { return namelen == std::strlen(s) && std::memcmp(name, s, namelen) == 0; };
  if (is(":status")) {
    c->call_.http_status = std::atoi(std::string(reinterpret_cast<const char*>(value), valuelen).c_str());
  } else if (is("grpc-status")) {
    c->call_.grpc_status = std::atoi(std::string(reinterpret_cast<const char*>(value), valuelen).c_str());
  } else if (is("grpc-message")) {
    c->call_.grpc_message.assign(reinterpret_cast<const char*>(value), valuelen);  // percent-encoded
  }
  return 0;
}

int H2Client::on_data(nghttp2_session*, uint8_t, int32_t stream, const uint8_t* data, size_t len, void* user) {
  auto* c = static_cast<H2Client*>(user);
  if (c->call_.active && stream == c->call_.stream) c->call_.body.append(reinterpret_cast<const char*>(data), len);
  return 0;
}

int H2Client::on_stream_close(nghttp2_session*, int32_t stream, uint32_t error_code, void* user) {
  auto* c = static_cast<H2Client*>(user);
  if (c->call_.active && stream == c->call_.stream) {
    c->call_.closed = true;
    c->call_.reset = error_code;
  }
  return 0;
}

int H2Client::on_frame(nghttp2_session*, const nghttp2_frame* frame, void* user) {
  auto* c = static_cast<H2Client*>(user);
  if (frame->hd.type == NGHTTP2_SETTINGS && !(frame->hd.flags & NGHTTP2_FLAG_ACK)) c->settings_received_ = true;
  if (frame->hd.type == NGHTTP2_GOAWAY) c->goaway_ = true;
  return 0;
}

// ---------------------------------------------------------------------------------------

// Create and delete one game with the gRPC library, unmeasured: a wrong game, bot or
// target stops the run before it starts.
bool preflight(const Shared& sh, std::string* error) {
  auto channel = grpc::CreateChannel(sh.opts.target, grpc::InsecureChannelCredentials());
  auto stub = bb::GameService::NewStub(channel);
  bb::CreateGameRequest req;
  req.set_game(sh.opts.game);
  req.set_seed(sh.opts.seed);
  for (int p = 0; p < sh.opts.players; ++p) {
    bb::SeatSpec* seat = req.add_seats();
    seat->set_kind(p == 0 ? bb::SEAT_KIND_HUMAN : bb::SEAT_KIND_BOT);
    if (p) seat->set_bot(sh.opts.bot);
  }
  bb::CreateGameResponse resp;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  grpc::Status s = stub->CreateGame(&ctx, req, &resp);
  if (!s.ok()) {
    *error = std::string("CreateGame failed: ") + code_name(s.error_code()) + ": " + s.error_message();
    return false;
  }
  bool has_seat0 = false;
  for (const auto& t : resp.seat_tokens()) has_seat0 |= t.seat() == 0;
  bb::DeleteGameRequest dreq;
  dreq.set_game_id(resp.game().game_id());
  bb::DeleteGameResponse dresp;
  grpc::ClientContext dctx;
  dctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  dctx.AddMetadata("authorization", "Bearer " + resp.owner_token());
  s = stub->DeleteGame(&dctx, dreq, &dresp);
  if (!s.ok()) {
    *error = std::string("DeleteGame failed: ") + code_name(s.error_code()) + ": " + s.error_message();
    return false;
  }
  if (!has_seat0) {
    *error = "CreateGame returned no token for seat 0";
    return false;
  }
  return true;
}

bool resolve(const std::string& target, sockaddr_storage* addr, socklen_t* len) {
  std::string host = target, port;
  auto colon = target.rfind(':');
  if (colon == std::string::npos) return false;
  host = target.substr(0, colon);
  port = target.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  if (getaddrinfo(host.c_str(), port.c_str(), &hints, &res) != 0 || !res) return false;
  std::memcpy(addr, res->ai_addr, res->ai_addrlen);
  *len = res->ai_addrlen;
  freeaddrinfo(res);
  return true;
}

double cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

// Exact percentiles of sorted samples: the smallest sample with at least q% at or below it
// (numpy's "inverted_cdf", as the Python loadtest reports them).
int64_t percentile(const std::vector<int64_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  size_t n = sorted.size();
  size_t rank = static_cast<size_t>(std::ceil(q / 100.0 * static_cast<double>(n) - 1e-9));
  if (rank < 1) rank = 1;
  if (rank > n) rank = n;
  return sorted[rank - 1];
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string num(double v, int decimals = 3) {
  if (!std::isfinite(v)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// {"count", "min_us", "mean_us", "p50_us", "p90_us", "p95_us", "p99_us", "p99_9_us", "max_us"}
std::string latency_json(std::vector<int64_t>& v) {
  std::sort(v.begin(), v.end());
  std::ostringstream o;
  o << "{\"count\": " << v.size();
  if (!v.empty()) {
    double sum = 0;
    for (int64_t x : v) sum += static_cast<double>(x);
    o << ", \"min_us\": " << v.front() << ", \"mean_us\": " << num(sum / v.size(), 1)
      << ", \"p50_us\": " << percentile(v, 50) << ", \"p90_us\": " << percentile(v, 90)
      << ", \"p95_us\": " << percentile(v, 95) << ", \"p99_us\": " << percentile(v, 99)
      << ", \"p99_9_us\": " << percentile(v, 99.9) << ", \"max_us\": " << v.back();
  }
  o << "}";
  return o.str();
}

std::string ms(int64_t us) { return num(us / 1000.0, 2); }

std::string pline(const std::vector<int64_t>& sorted) {
  return "p50 " + ms(percentile(sorted, 50)) + "  p90 " + ms(percentile(sorted, 90)) + "  p95 " +
         ms(percentile(sorted, 95)) + "  p99 " + ms(percentile(sorted, 99)) + "  p99.9 " +
         ms(percentile(sorted, 99.9)) + "  max " + ms(sorted.back()) + " ms";
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse_args(argc, argv);
  // Debian builds abseil without NDEBUG, so every absl::Mutex (gRPC's locks) keeps a lock
  // graph for deadlock detection: a few percent of the grpc transport's CPU for nothing.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  Shared sh;
  sh.opts = o;
  sh.timeout = std::chrono::nanoseconds(static_cast<int64_t>(o.timeout * 1e9));

  std::string error;
  if (!preflight(sh, &error)) die("preflight (" + o.target + ", " + o.game + ", bot " + o.bot + "): " + error);

  std::vector<std::unique_ptr<GrpcClient>> grpc_clients;
  std::vector<std::unique_ptr<H2Loop>> loops;
  std::vector<Player*> players;
  if (o.transport == "grpc") {
    // One channel per client, each with its own subchannel (and so its own TCP connection):
    // gRPC shares subchannels between channels with equal arguments unless told not to.
    for (int i = 0; i < o.clients; ++i) {
      grpc::ChannelArguments args;
      args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
      args.SetInt("grpc.channel_id", i);
      auto channel = grpc::CreateCustomChannel(o.target, grpc::InsecureChannelCredentials(), args);
      grpc_clients.push_back(std::make_unique<GrpcClient>(sh, i, std::move(channel)));
      players.push_back(grpc_clients.back().get());
    }
    auto connect_by = std::chrono::system_clock::now() + std::chrono::seconds(10);
    for (auto& c : grpc_clients) {
      if (!c->channel()->WaitForConnected(connect_by)) {
        die("client " + std::to_string(c->index()) + " could not connect to " + o.target + " within 10 s");
      }
    }
  } else {
    sockaddr_storage addr{};
    socklen_t addrlen = 0;
    if (!resolve(o.target, &addr, &addrlen)) die("cannot resolve " + o.target);
    for (int k = 0; k < o.threads; ++k) loops.push_back(std::make_unique<H2Loop>());
    for (int i = 0; i < o.clients; ++i) {
      H2Loop* loop = loops[i % o.threads].get();
      auto slot = static_cast<uint32_t>(loop->clients().size());
      loop->add(std::make_unique<H2Client>(sh, i, loop, slot, addr, addrlen));
      players.push_back(loop->clients().back().get());
    }
    for (auto& loop : loops) {
      if (!loop->connect_all(Clock::now() + std::chrono::seconds(10))) {
        die("could not open " + std::to_string(o.clients) + " HTTP/2 connections to " + o.target + " within 10 s");
      }
    }
  }

  TimePoint wall_start = Clock::now();
  sh.t0 = wall_start + std::chrono::milliseconds(100);
  sh.t_warm = sh.t0 + std::chrono::nanoseconds(static_cast<int64_t>(o.warmup * 1e9));
  sh.t_end = sh.t0 + std::chrono::nanoseconds(static_cast<int64_t>(o.duration * 1e9));

  std::vector<std::thread> threads;
  for (auto& c : grpc_clients) {
    GrpcClient* client = c.get();
    threads.emplace_back([client, &sh] {
      std::this_thread::sleep_until(sh.t0);
      client->run();
    });
  }
  for (auto& l : loops) {
    H2Loop* loop = l.get();
    threads.emplace_back([loop, &sh] { loop->run(sh.t0); });
  }
  std::this_thread::sleep_until(sh.t_warm);
  double cpu_start = cpu_seconds();
  TimePoint cpu_t_start = Clock::now();
  if (o.marks) {
    std::printf("mark window_start\n");
    std::fflush(stdout);
  }
  std::this_thread::sleep_until(sh.t_end);
  double cpu_end = cpu_seconds();
  TimePoint cpu_t_end = Clock::now();
  if (o.marks) {
    std::printf("mark window_end\n");
    std::fflush(stdout);
  }
  for (auto& t : threads) t.join();
  TimePoint wall_end = Clock::now();

  // Merge.
  ClientStats all;
  std::vector<SubmitSample> samples;
  std::vector<int64_t> send_lag;
  std::string first_error;
  for (Player* p : players) {
    ClientStats& s = p->stats();
    samples.insert(samples.end(), s.submits.begin(), s.submits.end());
    send_lag.insert(send_lag.end(), s.send_lag_us.begin(), s.send_lag_us.end());
    for (int m = 0; m < kMethods; ++m) {
      all.latencies[m].insert(all.latencies[m].end(), s.latencies[m].begin(), s.latencies[m].end());
      for (const auto& kv : s.errors[m]) all.errors[m][kv.first] += kv.second;
      all.all_ok[m] += s.all_ok[m];
      all.all_errors[m] += s.all_errors[m];
    }
    all.games_finished += s.games_finished;
    all.games_finished_all += s.games_finished_all;
    all.games_failed += s.games_failed;
    all.games_cut += s.games_cut;
    all.views_while_bots_move += s.views_while_bots_move;
    all.connections += s.connections;
    if (first_error.empty()) first_error = s.first_error;
  }

  double window = o.duration - o.warmup;
  double cpu_window = std::chrono::duration<double>(cpu_t_end - cpu_t_start).count();
  double cpu_used = cpu_end - cpu_start;
  int64_t count = static_cast<int64_t>(samples.size());
  int64_t rpcs = 0, errors_total = 0;
  for (int m = 0; m < kMethods; ++m) {
    rpcs += static_cast<int64_t>(all.latencies[m].size());
    for (const auto& kv : all.errors[m]) {
      errors_total += kv.second;
      rpcs += kv.second;
    }
  }
  double reached = count / window;
  double cpu_per_call = count ? cpu_used / count * 1e6 : NAN;
  double cpu_per_rpc = rpcs ? cpu_used / rpcs * 1e6 : NAN;
  double wall = std::chrono::duration<double>(wall_end - wall_start).count();
  double load[3] = {NAN, NAN, NAN};
  getloadavg(load, 3);

  std::sort(samples.begin(), samples.end(),
            [](const SubmitSample& a, const SubmitSample& b) { return a.send_us < b.send_us; });
  std::vector<int64_t> lat, from_intended;
  lat.reserve(samples.size());
  from_intended.reserve(samples.size());
  for (const auto& s : samples) {
    lat.push_back(s.latency_us);
    from_intended.push_back(s.from_intended_us);
  }

  if (!o.latencies_out.empty()) {
    FILE* f = std::fopen(o.latencies_out.c_str(), "w");
    if (!f) die("cannot write " + o.latencies_out);
    std::fprintf(f, "# send_time_us_since_start latency_us latency_from_intended_us\n");
    for (const auto& s : samples) {
      std::fprintf(f, "%" PRId64 " %" PRId64 " %" PRId64 "\n", s.send_us, s.latency_us, s.from_intended_us);
    }
    std::fclose(f);
  }

  std::ostringstream j;
  j << "{\n  \"tool\": \"boardbot-loadgen\",\n"
    << "  \"transport\": " << json_string(o.transport) << ", \"threads\": "
    << (o.transport == "h2" ? o.threads : o.clients)
    << ", \"parse\": " << (o.transport == "grpc" || o.full_parse ? "\"full\"" : "\"lean\"") << ",\n"
    << "  \"target\": " << json_string(o.target) << ",\n"
    << "  \"game\": " << json_string(o.game) << ", \"players\": " << o.players
    << ", \"bot\": " << json_string(o.bot) << ",\n"
    << "  \"clients\": " << o.clients << ", \"seed\": " << o.seed << ", \"timeout_s\": " << num(o.timeout) << ",\n"
    << "  \"mode\": " << (o.rate > 0 ? "\"paced\"" : "\"closed\"") << ",\n"
    << "  \"offered_rate\": " << (o.rate > 0 ? num(o.rate) : "null") << ",\n"
    << "  \"duration_s\": " << num(o.duration) << ", \"warmup_s\": " << num(o.warmup)
    << ", \"window_s\": " << num(window) << ",\n"
    << "  \"reached_rate\": " << num(reached, 1) << ",\n"
    << "  \"count\": " << count << ",\n"
    << "  \"submit_move\": {\n    \"latency\": " << latency_json(lat) << ",\n"
    << "    \"latency_from_intended\": " << latency_json(from_intended) << ",\n"
    << "    \"send_lag\": " << latency_json(send_lag) << "\n  },\n"
    << "  \"calls\": {";
  for (int m = 0; m < kMethods; ++m) {
    j << (m ? ",\n" : "\n") << "    " << json_string(kMethodNames[m]) << ": {\"latency\": "
      << latency_json(all.latencies[m]) << ", \"errors\": {";
    bool first = true;
    for (const auto& kv : all.errors[m]) {
      j << (first ? "" : ", ") << json_string(kv.first) << ": " << kv.second;
      first = false;
    }
    j << "}, \"all_ok\": " << all.all_ok[m] << ", \"all_errors\": " << all.all_errors[m] << "}";
  }
  j << "\n  },\n"
    << "  \"errors_total\": " << errors_total << ",\n"
    << "  \"first_error\": " << (first_error.empty() ? "null" : json_string(first_error)) << ",\n"
    << "  \"rpcs\": " << rpcs << ",\n"
    << "  \"games_finished\": " << all.games_finished << ", \"games_finished_all\": " << all.games_finished_all
    << ", \"games_failed\": " << all.games_failed << ", \"games_cut\": " << all.games_cut
    << ", \"views_while_bots_move\": " << all.views_while_bots_move << ",\n"
    << "  \"connections\": " << all.connections << ",\n"
    << "  \"generator\": {\"cpu_s\": " << num(cpu_used, 4) << ", \"cpu_window_s\": " << num(cpu_window, 4)
    << ", \"cores\": " << num(cpu_used / cpu_window, 4) << ", \"cpu_us_per_call\": " << num(cpu_per_call, 2)
    << ", \"cpu_us_per_rpc\": " << num(cpu_per_rpc, 2) << "},\n"
    << "  \"wall_time_s\": " << num(wall) << ",\n"
    << "  \"load_average\": [" << num(load[0], 2) << ", " << num(load[1], 2) << ", " << num(load[2], 2) << "]\n"
    << "}\n";
  if (!o.json_out.empty()) {
    std::ofstream f(o.json_out);
    if (!f) die("cannot write " + o.json_out);
    f << j.str();
  }

  if (!o.quiet) {
    std::string mode = o.rate > 0 ? "paced to " + num(o.rate, 0) + " SubmitMoves/s" : std::string("closed loop");
    std::printf("boardbot-loadgen: %s (%s), %d clients, %s, %g s (warmup %g s), %s %d players vs %s\n",
                o.target.c_str(), o.transport.c_str(), o.clients, mode.c_str(), o.duration, o.warmup, o.game.c_str(),
                o.players, o.bot.c_str());
    std::printf("  SubmitMove: %" PRId64 " measured, %.1f/s\n", count, reached);
    if (count) {
      std::sort(from_intended.begin(), from_intended.end());
      std::printf("    latency            %s\n", pline(lat).c_str());
      std::printf("    from intended send %s\n", pline(from_intended).c_str());
    }
    std::printf("  other calls: CreateGame %zu, GetView %zu, DeleteGame %zu; games finished %" PRId64
                " (failed %" PRId64 ", cut at the end %" PRId64 "); connections %" PRId64 "\n",
                all.latencies[kCreateGame].size(), all.latencies[kGetView].size(), all.latencies[kDeleteGame].size(),
                all.games_finished, all.games_failed, all.games_cut, all.connections);
    if (errors_total) {
      std::printf("  errors:");
      for (int m = 0; m < kMethods; ++m) {
        for (const auto& kv : all.errors[m]) std::printf(" %s %s %" PRId64 ";", kMethodNames[m], kv.first.c_str(), kv.second);
      }
      std::printf("\n");
    } else {
      std::printf("  errors: none\n");
    }
    if (!first_error.empty()) std::printf("  first error: %s\n", first_error.c_str());
    std::printf("  generator CPU: %.3f cores, %.1f us per SubmitMove (%.1f us per RPC); wall %.1f s; load average %.2f\n",
                cpu_used / cpu_window, cpu_per_call, cpu_per_rpc, wall, load[0]);
  }
  grpc_clients.clear();
  loops.clear();
  return 0;
}
