package dev.tpm.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Runs independent tasks on a fixed number of threads and returns their results by task index, so
 * the result never depends on the thread count or on the order tasks happen to run in.
 */
final class Parallel {
    private Parallel() {}

    /**
     * @param submissionOrder when not null, tasks are started in an order shuffled by it (tests use
     *     this to show that processing order does not matter)
     */
    static <R> List<R> map(int tasks, IntFunction<R> task, int threads, Random submissionOrder) {
        List<Integer> order = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) order.add(i);
        if (submissionOrder != null) Collections.shuffle(order, submissionOrder);
        List<R> out = new ArrayList<>(Collections.nCopies(tasks, null));
        if (threads <= 1 || tasks <= 1) {
            for (int i : order) out.set(i, task.apply(i));
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks), r -> {
            Thread t = new Thread(r, "stats-bootstrap");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>(Collections.nCopies(tasks, null));
            for (int i : order) futures.set(i, pool.submit(() -> task.apply(i)));
            for (int i = 0; i < tasks; i++) out.set(i, futures.get(i).get());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while computing the bootstrap", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
