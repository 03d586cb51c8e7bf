/*
 * bondsim's bulk TCP sender and sink for the user-mode Linux cross-check, built static into the
 * guest. It does what netperf's TCP_STREAM does and no more: the sender connects, writes
 * messages of a fixed size for a fixed time, reads TCP_INFO, shuts its sending side down and
 * waits for the peer to close (netperf times the test to that close); the sink accepts, reads
 * until end of file and closes. Each prints key=value lines for the host to parse.
 *
 *   stream sink PORT CONNECTIONS
 *   stream send ADDRESS PORT SECONDS MESSAGE_BYTES [SAMPLE_MS]
 *   stream timers COUNT        (how late COUNT sleeps of 1 ms end: the guest's timer jitter)
 *   stream events SEND_FILE "AT_MS up|down LINK;..."
 *
 * The events mode is the link events' clock: it waits until the sender's output (SEND_FILE)
 * holds its connect time, then at each event's time from it writes the "link set" commands for
 * both ends of that link to stdout, which a long-lived `ip -b -` carries out, and "event_ms=" with
 * the time it wrote them to stderr. Started before the transfer, it spares each event the fork
 * and exec (0.2 s) a shell would spend on it.
 *
 * With SAMPLE_MS above 0 the sender also reads TCP_INFO between writes, at most every SAMPLE_MS,
 * keeps the samples in memory and prints them after the transfer, one "sample=" line each, so
 * that printing costs the guest's one CPU nothing while it is measured.
 *
 * The sink sets SO_RCVLOWAT to 128 KB so that it wakes up once per 128 KB rather than per
 * segment: the guest has one CPU, and a reader woken per segment would take it from TCP.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <linux/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* Milliseconds on the clock /proc/uptime shows. */
static long long boot_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_BOOTTIME, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void die(const char *what) {
  fprintf(stdout, "error=%s: %s\n", what, strerror(errno));
  fflush(stdout);
  exit(1);
}

static int sink_one(int conn, int index) {
  static char buffer[1 << 17];
  long long bytes = 0;
  double first = 0, last = 0;
  for (;;) {
    ssize_t n = read(conn, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      die("read");
    }
    if (n == 0) break;
    last = now_s();
    if (bytes == 0) first = last;
    bytes += n;
  }
  close(conn);
  printf("sink%d_bytes=%lld\nsink%d_seconds=%.6f\n", index, bytes, index, last - first);
  return 0;
}

static int sink(int port, int connections) {
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  int one = 1;
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  if (listener < 0) die("socket");
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0) die("bind");
  if (listen(listener, connections) < 0) die("listen");
  printf("listening=%d\n", port);
  fflush(stdout);
  for (int i = 0; i < connections; i++) {
    int conn = accept(listener, NULL, NULL);
    int lowat = 128 * 1024;
    if (conn < 0) die("accept");
    setsockopt(conn, SOL_SOCKET, SO_RCVLOWAT, &lowat, sizeof lowat);
    if (fork() == 0) {
      close(listener);
      sink_one(conn, i);
      fflush(stdout);
      _exit(0);
    }
    close(conn);
  }
  while (wait(NULL) > 0) {
  }
  return 0;
}

static void print_info(int fd) {
  struct tcp_info info;
  socklen_t length = sizeof info;
  memset(&info, 0, sizeof info);
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) < 0) die("TCP_INFO");
  printf("tcpi_ca_state=%u\n", info.tcpi_ca_state);
  printf("tcpi_snd_cwnd=%u\n", info.tcpi_snd_cwnd);
  printf("tcpi_snd_ssthresh=%u\n", info.tcpi_snd_ssthresh);
  printf("tcpi_reordering=%u\n", info.tcpi_reordering);
  printf("tcpi_total_retrans=%u\n", info.tcpi_total_retrans);
  printf("tcpi_rtt=%u\n", info.tcpi_rtt);
  printf("tcpi_rttvar=%u\n", info.tcpi_rttvar);
  printf("tcpi_min_rtt=%u\n", info.tcpi_min_rtt);
  printf("tcpi_rto=%u\n", info.tcpi_rto);
  printf("tcpi_unacked=%u\n", info.tcpi_unacked);
  printf("tcpi_sacked=%u\n", info.tcpi_sacked);
  printf("tcpi_lost=%u\n", info.tcpi_lost);
  printf("tcpi_delivered=%u\n", info.tcpi_delivered);
  printf("tcpi_reord_seen=%u\n", info.tcpi_reord_seen);
  printf("tcpi_dsack_dups=%u\n", info.tcpi_dsack_dups);
  printf("tcpi_bytes_acked=%llu\n", (unsigned long long)info.tcpi_bytes_acked);
}

/* One TCP_INFO reading: seconds since connect, then the fields in the order print_samples names. */
struct sample {
  double t;
  unsigned cwnd, ssthresh, in_flight, total_retrans, rtt_us, reordering, dsack_dups, ca_state;
};

static struct sample samples[65536];
static int sample_count;

static void take_sample(int fd, double t) {
  struct tcp_info info;
  socklen_t length = sizeof info;
  memset(&info, 0, sizeof info);
  if (sample_count >= (int)(sizeof samples / sizeof samples[0])) return;
  if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) < 0) die("TCP_INFO");
  struct sample *s = &samples[sample_count++];
  s->t = t;
  s->cwnd = info.tcpi_snd_cwnd;
  s->ssthresh = info.tcpi_snd_ssthresh;
  /* tcp_packets_in_flight: packets_out - (sacked_out + lost_out) + retrans_out */
  s->in_flight = info.tcpi_unacked - info.tcpi_sacked - info.tcpi_lost + info.tcpi_retrans;
  s->total_retrans = info.tcpi_total_retrans;
  s->rtt_us = info.tcpi_rtt;
  s->reordering = info.tcpi_reordering;
  s->dsack_dups = info.tcpi_dsack_dups;
  s->ca_state = info.tcpi_ca_state;
}

static void print_samples(void) {
  for (int i = 0; i < sample_count; i++) {
    struct sample *s = &samples[i];
    printf("sample=%.6f,%u,%u,%u,%u,%u,%u,%u,%u\n", s->t, s->cwnd, s->ssthresh, s->in_flight,
           s->total_retrans, s->rtt_us, s->reordering, s->dsack_dups, s->ca_state);
  }
}

static int send_stream(const char *host, int port, double seconds, int message, int sample_ms) {
  char *buffer = calloc(1, message);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  long long bytes = 0;
  char drain[4096];
  if (fd < 0 || buffer == NULL) die("socket");
  if (inet_pton(AF_INET, host, &address.sin_addr) != 1) die("address");
  if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) die("connect");
  double start = now_s();
  /* The test's time 0, for the link events (stream events) to count from. */
  fprintf(stderr, "connected_ms=%lld\n", boot_ms());
  double end = start + seconds;
  double next_sample = start;
  for (double t = start; t < end; t = now_s()) {
    if (sample_ms > 0 && t >= next_sample) {
      take_sample(fd, t - start);
      next_sample = t + sample_ms / 1000.0;
    }
    ssize_t n = write(fd, buffer, message);
    if (n < 0) {
      if (errno == EINTR) continue;
      die("write");
    }
    bytes += n;
  }
  double written = now_s();
  print_info(fd);
  shutdown(fd, SHUT_WR);
  while (read(fd, drain, sizeof drain) > 0) {
  }
  double closed = now_s();
  close(fd);
  printf("bytes=%lld\n", bytes);
  printf("seconds_writing=%.6f\n", written - start);
  printf("seconds_to_close=%.6f\n", closed - start);
  printf("mbps=%.3f\n", bytes * 8 / (closed - start) / 1e6);
  print_samples();
  return 0;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The qdiscs release frames on hrtimers; so does a 1 ms sleep. How late it ends is theirs too. */
static int timers(int count) {
  double *late = calloc(count, sizeof *late);
  struct timespec pause = {0, 1000000};
  if (late == NULL) die("calloc");
  for (int i = 0; i < count; i++) {
    double before = now_s();
    nanosleep(&pause, NULL);
    late[i] = (now_s() - before - 0.001) * 1e6;
  }
  qsort(late, count, sizeof *late, compare);
  printf("timer_late_median_us=%.1f\ntimer_late_p90_us=%.1f\n", late[count / 2],
         late[count * 9 / 10]);
  return 0;
}

/* The connect time sender 0 printed into its output, or -1 while it has not. */
static long long connected_ms(const char *send_file) {
  char line[256];
  long long at = -1;
  FILE *in = fopen(send_file, "r");
  if (in == NULL) return -1;
  while (at < 0 && fgets(line, sizeof line, in) != NULL) {
    if (strncmp(line, "connected_ms=", 13) == 0) at = atoll(line + 13);
  }
  fclose(in);
  return at;
}

static int events(const char *send_file, char *spec) {
  struct timespec poll = {0, 2000000};
  long long start = -1;
  for (int tries = 0; start < 0 && tries < 60000; tries++) {
    start = connected_ms(send_file);
    if (start < 0) nanosleep(&poll, NULL);
  }
  if (start < 0) return 1;
  char *rest = spec;
  for (char *event = strtok_r(spec, ";", &rest); event != NULL;
       event = strtok_r(NULL, ";", &rest)) {
    long long at_ms;
    char state[8];
    int link;
    if (sscanf(event, "%lld %7s %d", &at_ms, state, &link) != 3) return 2;
    long long due = start + at_ms;
    struct timespec until = {due / 1000, (due % 1000) * 1000000};
    while (clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &until, NULL) == EINTR) {
    }
    printf("link set a%d %s\nlink set b%d %s\n", link, state, link, state);
    fflush(stdout);
    fprintf(stderr, "event_ms=%lld\n", boot_ms() - start);
  }
  return 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc == 4 && strcmp(argv[1], "sink") == 0) return sink(atoi(argv[2]), atoi(argv[3]));
  if (argc == 3 && strcmp(argv[1], "timers") == 0) return timers(atoi(argv[2]));
  if (argc == 4 && strcmp(argv[1], "events") == 0) return events(argv[2], argv[3]);
  if ((argc == 6 || argc == 7) && strcmp(argv[1], "send") == 0)
    return send_stream(argv[2], atoi(argv[3]), atof(argv[4]), atoi(argv[5]),
                       argc == 7 ? atoi(argv[6]) : 0);
  fprintf(stderr,
          "usage: stream sink PORT CONNECTIONS | send ADDRESS PORT SECONDS BYTES [SAMPLE_MS] |"
          " timers N | events SEND_FILE SPEC\n");
  return 2;
}
