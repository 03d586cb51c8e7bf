package org.bondsim.core.wire;

import java.util.List;
import java.util.Locale;
import org.bondsim.api.option.OptionException;
import org.bondsim.api.option.StrictNumbers;

/**
 * Path impairments in the manner of Linux's netem qdisc ({@code tc qdisc add … netem delay 100us
 * 20us loss 0.1% duplicate 0.05%}): each frame that crosses the link is lost with a probability,
 * duplicated with a probability, and delayed by a fixed extra delay plus a uniform jitter. Jitter
 * reorders frames, as netem's does.
 *
 * @param lossProbability 0..1
 * @param duplicateProbability 0..1
 * @param delayNs extra delay added to every frame
 * @param jitterNs each frame's extra delay varies uniformly by ±jitter (never below zero)
 */
public record Netem(
    double lossProbability, double duplicateProbability, long delayNs, long jitterNs) {
  /** No impairment. */
  public static final Netem NONE = new Netem(0, 0, 0, 0);

  /**
   * Checks the values.
   *
   * @param lossProbability loss
   * @param duplicateProbability duplication
   * @param delayNs delay
   * @param jitterNs jitter
   */
  public Netem {
    if (!(lossProbability >= 0 && lossProbability <= 1)) {
      throw new OptionException(
          "netem",
          lossProbability * 100 + "%",
          "netem loss must be 0%..100%, got " + lossProbability * 100 + "%");
    }
    if (!(duplicateProbability >= 0 && duplicateProbability <= 1)) {
      throw new OptionException(
          "netem",
          duplicateProbability * 100 + "%",
          "netem duplicate must be 0%..100%, got " + duplicateProbability * 100 + "%");
    }
    if (delayNs < 0 || delayNs > MAX_DELAY_NS || jitterNs < 0 || jitterNs > MAX_DELAY_NS) {
      throw new OptionException(
          "netem",
          String.valueOf(delayNs),
          "netem delay and jitter must be 0..10000000000 ns, got " + delayNs + " and " + jitterNs);
    }
  }

  /**
   * Returns whether this changes anything.
   *
   * @return false for {@link #NONE}
   */
  public boolean active() {
    return lossProbability > 0 || duplicateProbability > 0 || delayNs > 0 || jitterNs > 0;
  }

  /**
   * Parses netem's words: {@code delay TIME [JITTER]}, {@code loss PERCENT}, {@code duplicate
   * PERCENT}, times with s, ms, us or ns.
   *
   * @param text such as {@code "delay 100us 20us loss 0.1% duplicate 0.05%"}
   * @return the impairment
   * @throws IllegalArgumentException naming the word and what it takes
   */
  public static Netem parse(String text) {
    List<String> words = List.of(text.trim().split("\\s+"));
    double loss = 0;
    double duplicate = 0;
    long delay = 0;
    long jitter = 0;
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i).toLowerCase(Locale.ROOT);
      if (word.isEmpty()) {
        continue;
      }
      if (i + 1 >= words.size()) {
        throw new OptionException("netem", word, "netem " + word + " needs a value");
      }
      switch (word) {
        case "loss":
          loss = percent("loss", words.get(++i));
          break;
        case "duplicate":
          duplicate = percent("duplicate", words.get(++i));
          break;
        case "delay":
          delay = time("delay", words.get(++i));
          if (i + 1 < words.size()
              && !Double.isNaN(
                  StrictNumbers.decimal(
                      words.get(i + 1).substring(0, unitStart(words.get(i + 1)))))) {
            jitter = time("jitter", words.get(++i));
          }
          break;
        default:
          throw new OptionException(
              "netem",
              StrictNumbers.echo(words.get(i)),
              "netem takes delay, loss and duplicate, got '"
                  + StrictNumbers.echo(words.get(i))
                  + "'");
      }
    }
    return new Netem(loss, duplicate, delay, jitter);
  }

  /** Where a time's unit starts: the trailing letters ({@code 100us} → 3). */
  private static int unitStart(String word) {
    int end = word.length();
    while (end > 0 && Character.isLetter(word.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  private static double percent(String field, String text) {
    String number = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
    double value = StrictNumbers.decimal(number) / 100;
    if (value >= 0 && value <= 1) {
      return value;
    }
    throw new OptionException(
        "netem",
        StrictNumbers.echo(text),
        "netem " + field + " must be 0%..100%, got '" + StrictNumbers.echo(text) + "'");
  }

  /** The largest delay or jitter taken: 10 s, as for a slave's own delay. */
  public static final long MAX_DELAY_NS = 10_000_000_000L;

  /**
   * Reads a time as tc's {@code get_time} does: a decimal number with {@code s}/{@code sec}/{@code
   * secs}, {@code ms}/{@code msec}/{@code msecs}, {@code us}/{@code usec}/{@code usecs} or {@code
   * ns}/{@code nsec}/{@code nsecs}; a bare number is microseconds.
   */
  private static long time(String field, String text) {
    String t = text.toLowerCase(Locale.ROOT);
    int split = unitStart(t);
    double scale =
        switch (t.substring(split)) {
          case "", "us", "usec", "usecs" -> 1e3;
          case "s", "sec", "secs" -> 1e9;
          case "ms", "msec", "msecs" -> 1e6;
          case "ns", "nsec", "nsecs" -> 1;
          default -> Double.NaN;
        };
    double value = StrictNumbers.decimal(t.substring(0, split)) * scale;
    if (value >= 0 && value <= MAX_DELAY_NS) {
      return Math.round(value);
    }
    throw new OptionException(
        "netem",
        StrictNumbers.echo(text),
        "netem "
            + field
            + " must be a time from 0 to 10s like 100us or 2ms (a bare number is microseconds,"
            + " as tc reads it), got '"
            + StrictNumbers.echo(text)
            + "'");
  }
}
