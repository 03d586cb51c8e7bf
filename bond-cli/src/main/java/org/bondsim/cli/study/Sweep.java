package org.bondsim.cli.study;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.bondsim.core.bond.PolicyRegistry;
import org.bondsim.core.host.WorkloadRegistry;
import org.bondsim.core.scenario.ScenarioRunner;

/**
 * Runs a {@link Grid} on several threads. Each run is single-threaded and deterministic, so a row
 * depends on its run alone; rows are handed on in run-index order whatever the thread count, so
 * every output is the same byte for byte with 1 thread or 16.
 *
 * <pre>{@code
 * List<RunRow> rows = new Sweep(grid).threads(2).run();
 * }</pre>
 */
public final class Sweep {
  /** Told as runs finish, on the thread that called {@code run}. */
  @FunctionalInterface
  public interface Listener {
    /**
     * Another run finished and its row was handed on.
     *
     * @param done rows handed on so far, counting those of an earlier session
     * @param total rows in the grid
     */
    void runFinished(int done, int total);
  }

  /** A runner per thread: each run builds its own simulation, the registries are shared reads. */
  private static final ThreadLocal<ScenarioRunner> RUNNERS =
      ThreadLocal.withInitial(
          () -> new ScenarioRunner(PolicyRegistry.load(), WorkloadRegistry.load()));

  private final Grid grid;
  private int threads = Runtime.getRuntime().availableProcessors();

  /**
   * A sweep of the grid on every core.
   *
   * @param grid the grid
   */
  public Sweep(Grid grid) {
    this.grid = java.util.Objects.requireNonNull(grid, "grid");
  }

  /**
   * Sets the number of threads.
   *
   * @param n 1 or more
   * @return this
   */
  public Sweep threads(int n) {
    if (n < 1 || n > 1024) {
      throw new IllegalArgumentException("threads must be 1..1024, got " + n);
    }
    this.threads = n;
    return this;
  }

  /**
   * Runs one run of a grid on the calling thread: what every thread of a sweep, and every task of
   * the Spark job, does.
   *
   * @param grid the grid
   * @param index the run's index
   * @return its row
   */
  public static RunRow runOne(Grid grid, int index) {
    Grid.Run run = grid.run(index);
    return RunRow.of(run, RUNNERS.get().run(Grid.scenario(run)));
  }

  /**
   * Runs every run and returns the rows in index order.
   *
   * @return the rows
   */
  public List<RunRow> run() {
    List<RunRow> rows = new ArrayList<>();
    run(0, rows::add, (done, total) -> {});
    return rows;
  }

  /**
   * Runs the runs from {@code from} on, handing each row to {@code sink} in index order.
   *
   * @param from the first run to do (those before it are done already)
   * @param sink takes each row, on the calling thread
   * @param listener told after each row
   */
  public void run(int from, Consumer<RunRow> sink, Listener listener) {
    int total = grid.runCount();
    if (from >= total) {
      return;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "bondsim-sweep");
              t.setDaemon(true);
              return t;
            });
    // A bounded window of runs in flight, taken in order: memory stays flat for any grid.
    int window = threads * 4;
    Deque<Future<RunRow>> pending = new ArrayDeque<>();
    int next = from;
    try {
      for (int done = from; done < total; done++) {
        while (next < total && pending.size() < window) {
          int index = next++;
          pending.add(pool.submit(() -> runOne(grid, index)));
        }
        sink.accept(await(pending.removeFirst()));
        listener.runFinished(done + 1, total);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static RunRow await(Future<RunRow> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the sweep was interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }
}
