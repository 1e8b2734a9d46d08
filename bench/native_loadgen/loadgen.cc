// boardbot-loadgen: a lean native SubmitMove load generator for boardbot's GameService.
//
// Each of --clients threads owns one channel (its own TCP connection) and plays whole
// games back to back with blocking calls: CreateGame (seat 0 human, the other seats the
// server's --bot), GetView as seat 0, then SubmitMove(random legal move id,
// RESPONSE_VIEW_NEXT_DECISION) until the game is finished, each reply carrying the seat's
// next decision; then DeleteGame with the owner token, and the next game.
//
// --rate R paces the SubmitMoves (R a second in all): client i sends every clients/R
// seconds from t0 + i/R, the clients' schedules evenly interleaved; a client that is
// late sends at once (no skipping), and each SubmitMove's latency is also measured from
// its intended send time (coordinated omission corrected). --rate 0: closed loop.
//
// Only calls that start after --warmup and end before --duration (both from the start)
// are measured. The generator's own CPU (getrusage RUSAGE_SELF, all threads) over that
// window is divided by the measured SubmitMoves. See docs/loadtest.md, "Native generator".
#include <absl/synchronization/mutex.h>
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
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
  std::string json_out;
  std::string latencies_out;
  bool marks = false;
  bool quiet = false;
};

const char* kUsage =
    "usage: boardbot-loadgen [--target HOST:PORT] [--clients N] [--rate R] [--duration S]\n"
    "                        [--warmup S] [--game NAME] [--players N] [--bot SPEC] [--seed N]\n"
    "                        [--timeout S] [--json-out FILE] [--latencies-out FILE] [--marks] [--quiet]\n"
    "\n"
    "  --target HOST:PORT     GameService address (default 127.0.0.1:50051)\n"
    "  --clients N            simulated clients, one channel and TCP connection each (default 64)\n"
    "  --rate R               SubmitMoves a second offered in all, paced per client; 0 = closed loop (default 0)\n"
    "  --duration S           seconds of load from the start, warmup included (default 10)\n"
    "  --warmup S             seconds at the start not measured (default 2)\n"
    "  --game NAME            game to play (default frogriders)\n"
    "  --players N            seats: seat 0 is the client's, the others the server's bots (default 2)\n"
    "  --bot SPEC             bot spec of the server-side seats (default random)\n"
    "  --seed N               base seed: game k of client i has seed N + i*1000000 + k (default 1)\n"
    "  --timeout S            per-call deadline in seconds (default 5)\n"
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
  return o;
}

const char* code_name(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    default: return "UNKNOWN_CODE";
  }
}

bool backoff_code(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE || code == grpc::StatusCode::DEADLINE_EXCEEDED ||
         code == grpc::StatusCode::RESOURCE_EXHAUSTED || code == grpc::StatusCode::INTERNAL ||
         code == grpc::StatusCode::UNKNOWN;
}

constexpr auto kBackoff = std::chrono::milliseconds(50);
constexpr auto kBotPoll = std::chrono::milliseconds(2);  // a view without our decision: view again after this
constexpr int kMaxErrorsPerGame = 10;

enum Method { kCreateGame = 0, kGetView, kSubmitMove, kDeleteGame, kMethods };
const char* const kMethodNames[kMethods] = {"CreateGame", "GetView", "SubmitMove", "DeleteGame"};

struct SubmitSample {
  int64_t send_us;  // since t0
  int64_t latency_us;
  int64_t from_intended_us;
};

// What one client measured; merged after the run (no sharing while it runs).
struct ClientStats {
  std::vector<SubmitSample> submits;
  std::vector<int64_t> latencies[kMethods];  // measured successful calls, µs (SubmitMove too)
  std::map<std::string, int64_t> errors[kMethods];  // measured failed calls by code name
  int64_t all_ok[kMethods] = {0, 0, 0, 0};  // every call, measured or not
  int64_t all_errors[kMethods] = {0, 0, 0, 0};
  int64_t games_finished = 0;  // the finishing SubmitMove ended inside the window
  int64_t games_finished_all = 0;
  int64_t games_failed = 0;  // abandoned after too many errors
  int64_t games_cut = 0;  // still running at the end of the load
  int64_t views_while_bots_move = 0;
  std::string first_error;  // one message, for the summary
};

struct Shared {
  Options opts;
  TimePoint t0, t_warm, t_end;
  std::chrono::nanoseconds timeout;
};

int64_t us_between(TimePoint a, TimePoint b) {
  return std::chrono::duration_cast<std::chrono::microseconds>(b - a).count();
}

class Client {
 public:
  Client(const Shared& sh, int index, std::shared_ptr<grpc::Channel> channel)
      : sh_(sh), index_(index), channel_(std::move(channel)),
        stub_(bb::GameService::NewStub(channel_)),
        rng_(sh.opts.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(index) * 0xBF58476D1CE4E5B9ULL + 1) {}

  ClientStats& stats() { return st_; }
  grpc::Channel* channel() { return channel_.get(); }

  // Create and delete one game, unmeasured: a wrong game, bot or target stops the run early.
  bool preflight(std::string* error) {
    bb::CreateGameRequest req;
    fill_create(&req, sh_.opts.seed);
    bb::CreateGameResponse resp;
    grpc::ClientContext ctx;
    set_deadline(&ctx);
    grpc::Status s = stub_->CreateGame(&ctx, req, &resp);
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
    set_deadline(&dctx);
    dctx.AddMetadata("authorization", "Bearer " + resp.owner_token());
    s = stub_->DeleteGame(&dctx, dreq, &dresp);
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

  void run() {
    const Options& o = sh_.opts;
    bool paced = o.rate > 0;
    std::chrono::nanoseconds interval(0);
    TimePoint next_send = sh_.t0;
    if (paced) {
      interval = std::chrono::nanoseconds(static_cast<int64_t>(1e9 * o.clients / o.rate));
      next_send = sh_.t0 + std::chrono::nanoseconds(static_cast<int64_t>(1e9 * index_ / o.rate));
    }
    uint64_t game_no = 0;
    bool stop = false;  // the schedule reached the end of the load
    while (!stop && Clock::now() < sh_.t_end) {
      uint64_t seed = o.seed + static_cast<uint64_t>(index_) * 1000000ULL + game_no++;
      bb::CreateGameRequest creq;
      fill_create(&creq, seed);
      bb::CreateGameResponse cresp;
      grpc::Status s;
      {
        grpc::ClientContext ctx;
        set_deadline(&ctx);
        TimePoint t = Clock::now();
        s = stub_->CreateGame(&ctx, creq, &cresp);
        record(kCreateGame, t, Clock::now(), s);
      }
      if (!s.ok()) {
        std::this_thread::sleep_for(kBackoff);  // whatever the code: do not spin on a bad request
        continue;
      }
      const std::string& game_id = cresp.game().game_id();
      std::string seat_auth;
      for (const auto& t : cresp.seat_tokens()) {
        if (t.seat() == 0) seat_auth = "Bearer " + t.token();
      }
      bool finished = false;
      int errors = 0;
      bool have_view = false;
      bb::SeatView view;
      bb::SubmitMoveRequest sreq;
      sreq.set_game_id(game_id);
      sreq.set_seat(0);
      sreq.set_response_view(bb::RESPONSE_VIEW_NEXT_DECISION);
      bb::SubmitMoveResponse sresp;
      while (Clock::now() < sh_.t_end) {
        if (errors > kMaxErrorsPerGame) {
          ++st_.games_failed;
          break;
        }
        if (!have_view) {
          bb::GetViewRequest vreq;
          vreq.set_game_id(game_id);
          vreq.set_seat(0);
          bb::GetViewResponse vresp;
          grpc::ClientContext ctx;
          set_deadline(&ctx);
          ctx.AddMetadata("authorization", seat_auth);
          TimePoint t = Clock::now();
          s = stub_->GetView(&ctx, vreq, &vresp);
          record(kGetView, t, Clock::now(), s);
          if (!s.ok()) {
            ++errors;
            if (backoff_code(s.error_code())) std::this_thread::sleep_for(kBackoff);
            continue;
          }
          view.Swap(vresp.mutable_view());
        }
        have_view = false;
        if (view.status() == bb::GAME_STATUS_FINISHED) {
          finished = true;
          count_finished(Clock::now());
          break;
        }
        int n = view.legal_moves_size();
        if (n == 0) {  // the bots still move (the next-decision wait ran out): view again
          ++st_.views_while_bots_move;
          std::this_thread::sleep_for(kBotPoll);
          continue;
        }
        int32_t move_id = view.legal_moves(std::uniform_int_distribution<int>(0, n - 1)(rng_)).id();
        TimePoint intended{};
        if (paced) {
          intended = next_send;
          next_send += interval;
          if (intended >= sh_.t_end) {
            stop = true;
            break;
          }
          if (intended > Clock::now()) std::this_thread::sleep_until(intended);
        }
        sreq.set_move_id(move_id);
        sresp.Clear();
        grpc::ClientContext ctx;
        set_deadline(&ctx);
        ctx.AddMetadata("authorization", seat_auth);
        TimePoint t = Clock::now();
        if (t >= sh_.t_end) {
          stop = true;
          break;
        }
        if (!paced) intended = t;
        s = stub_->SubmitMove(&ctx, sreq, &sresp);
        TimePoint done = Clock::now();
        record(kSubmitMove, t, done, s);
        if (s.ok() && in_window(t, done)) {
          st_.submits.push_back({us_between(sh_.t0, t), us_between(t, done), us_between(intended, done)});
        }
        if (!s.ok()) {
          ++errors;
          if (backoff_code(s.error_code())) std::this_thread::sleep_for(kBackoff);
          continue;  // view again: the move may or may not have been made
        }
        if (sresp.status() == bb::GAME_STATUS_FINISHED) {
          finished = true;
          count_finished(done);
          break;
        }
        view.Swap(sresp.mutable_view());
        have_view = true;
      }
      if (!finished && (stop || Clock::now() >= sh_.t_end)) {
        ++st_.games_cut;
        std::this_thread::sleep_until(sh_.t_end);  // the clean-up is not part of the measured load
      }
      bb::DeleteGameRequest dreq;
      dreq.set_game_id(game_id);
      bb::DeleteGameResponse dresp;
      grpc::ClientContext ctx;
      set_deadline(&ctx);
      ctx.AddMetadata("authorization", "Bearer " + cresp.owner_token());
      TimePoint t = Clock::now();
      s = stub_->DeleteGame(&ctx, dreq, &dresp);
      record(kDeleteGame, t, Clock::now(), s);
    }
  }

 private:
  void fill_create(bb::CreateGameRequest* req, uint64_t seed) const {
    const Options& o = sh_.opts;
    req->set_game(o.game);
    req->set_seed(seed);
    for (int p = 0; p < o.players; ++p) {
      bb::SeatSpec* seat = req->add_seats();
      if (p == 0) {
        seat->set_kind(bb::SEAT_KIND_HUMAN);
      } else {
        seat->set_kind(bb::SEAT_KIND_BOT);
        seat->set_bot(o.bot);
      }
    }
  }

  void set_deadline(grpc::ClientContext* ctx) const {
    ctx->set_deadline(std::chrono::system_clock::now() + sh_.timeout);
  }

  bool in_window(TimePoint start, TimePoint end) const { return start >= sh_.t_warm && end <= sh_.t_end; }

  void record(Method m, TimePoint start, TimePoint end, const grpc::Status& s) {
    if (s.ok()) {
      ++st_.all_ok[m];
    } else {
      ++st_.all_errors[m];
      if (st_.first_error.empty()) {
        st_.first_error = std::string(kMethodNames[m]) + ": " + code_name(s.error_code()) + ": " + s.error_message();
      }
    }
    if (!in_window(start, end)) return;
    if (s.ok()) {
      st_.latencies[m].push_back(us_between(start, end));
    } else {
      ++st_.errors[m][code_name(s.error_code())];
    }
  }

  void count_finished(TimePoint when) {
    ++st_.games_finished_all;
    if (when >= sh_.t_warm && when <= sh_.t_end) ++st_.games_finished;
  }

  const Shared& sh_;
  int index_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<bb::GameService::Stub> stub_;
  std::mt19937_64 rng_;
  ClientStats st_;
};

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

}  // namespace

int main(int argc, char** argv) {
  Options o = parse_args(argc, argv);
  // Debian builds abseil without NDEBUG, so every absl::Mutex (gRPC's locks) keeps a lock
  // graph for deadlock detection: a few percent of the generator's CPU for nothing here.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  Shared sh;
  sh.opts = o;
  sh.timeout = std::chrono::nanoseconds(static_cast<int64_t>(o.timeout * 1e9));

  // One channel per client, each with its own subchannel (and so its own TCP connection):
  // gRPC shares subchannels between channels with equal arguments unless told not to.
  std::vector<std::unique_ptr<Client>> clients;
  clients.reserve(o.clients);
  for (int i = 0; i < o.clients; ++i) {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetInt("grpc.channel_id", i);
    auto channel = grpc::CreateCustomChannel(o.target, grpc::InsecureChannelCredentials(), args);
    clients.push_back(std::make_unique<Client>(sh, i, std::move(channel)));
  }
  auto connect_by = std::chrono::system_clock::now() + std::chrono::seconds(10);
  for (int i = 0; i < o.clients; ++i) {
    if (!clients[i]->channel()->WaitForConnected(connect_by)) {
      die("client " + std::to_string(i) + " could not connect to " + o.target + " within 10 s");
    }
  }
  std::string error;
  if (!clients[0]->preflight(&error)) die("preflight (" + o.game + ", bot " + o.bot + "): " + error);

  TimePoint wall_start = Clock::now();
  sh.t0 = wall_start + std::chrono::milliseconds(100);
  sh.t_warm = sh.t0 + std::chrono::nanoseconds(static_cast<int64_t>(o.warmup * 1e9));
  sh.t_end = sh.t0 + std::chrono::nanoseconds(static_cast<int64_t>(o.duration * 1e9));

  std::vector<std::thread> threads;
  threads.reserve(o.clients);
  for (auto& c : clients) {
    Client* client = c.get();
    threads.emplace_back([client, &sh] {
      std::this_thread::sleep_until(sh.t0);
      client->run();
    });
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
  std::string first_error;
  for (auto& c : clients) {
    ClientStats& s = c->stats();
    samples.insert(samples.end(), s.submits.begin(), s.submits.end());
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
    if (first_error.empty()) first_error = s.first_error;
  }
  clients.clear();  // close the channels

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
    << "    \"latency_from_intended\": " << latency_json(from_intended) << "\n  },\n"
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
    << "  \"generator\": {\"cpu_s\": " << num(cpu_used, 4) << ", \"cpu_window_s\": " << num(cpu_window, 4)
    << ", \"cores\": " << num(cpu_used / cpu_window, 4) << ", \"cpu_us_per_call\": " << num(cpu_per_call, 2)
    << ", \"cpu_us_per_rpc\": " << num(cpu_per_rpc, 2) << ", \"threads\": " << o.clients << "},\n"
    << "  \"wall_time_s\": " << num(wall) << ",\n"
    << "  \"load_average\": [" << num(load[0], 2) << ", " << num(load[1], 2) << ", " << num(load[2], 2) << "]\n"
    << "}\n";
  if (!o.json_out.empty()) {
    std::ofstream f(o.json_out);
    if (!f) die("cannot write " + o.json_out);
    f << j.str();
  }

  if (!o.quiet) {
    std::printf("boardbot-loadgen: %s, %d clients, %s, %g s (warmup %g s), %s %d players vs %s\n",
                o.target.c_str(), o.clients,
                o.rate > 0 ? ("paced to " + num(o.rate, 0) + " SubmitMoves/s").c_str() : "closed loop",
                o.duration, o.warmup, o.game.c_str(), o.players, o.bot.c_str());
    std::printf("  SubmitMove: %" PRId64 " measured, %.1f/s\n", count, reached);
    if (count) {
      std::printf("    latency            p50 %s  p90 %s  p95 %s  p99 %s  p99.9 %s  max %s ms\n",
                  ms(percentile(lat, 50)).c_str(), ms(percentile(lat, 90)).c_str(), ms(percentile(lat, 95)).c_str(),
                  ms(percentile(lat, 99)).c_str(), ms(percentile(lat, 99.9)).c_str(), ms(lat.back()).c_str());
      std::sort(from_intended.begin(), from_intended.end());
      std::printf("    from intended send p50 %s  p90 %s  p95 %s  p99 %s  p99.9 %s  max %s ms\n",
                  ms(percentile(from_intended, 50)).c_str(), ms(percentile(from_intended, 90)).c_str(),
                  ms(percentile(from_intended, 95)).c_str(), ms(percentile(from_intended, 99)).c_str(),
                  ms(percentile(from_intended, 99.9)).c_str(), ms(from_intended.back()).c_str());
    }
    std::printf("  other calls: CreateGame %zu, GetView %zu, DeleteGame %zu; games finished %" PRId64
                " (failed %" PRId64 ", cut at the end %" PRId64 ")\n",
                all.latencies[kCreateGame].size(), all.latencies[kGetView].size(), all.latencies[kDeleteGame].size(),
                all.games_finished, all.games_failed, all.games_cut);
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
  return 0;
}
