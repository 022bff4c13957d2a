import { useEffect, useRef, useState } from 'react';
import {
  COUNTER_THRESHOLD,
  counterDuration,
  counterText,
  parseCounterValue,
} from '../../lib/counter';

/** A stat as the counters need it. */
export interface CounterStat {
  id: string;
  value: string;
  label: string;
}

// Up to 4 columns, never more than there are stats, so a short row stays centred and even.
const COLUMNS = [
  '',
  'sm:grid-cols-1',
  'sm:grid-cols-2',
  'sm:grid-cols-3',
  'sm:grid-cols-2 lg:grid-cols-4',
];

/** The impact-stat grid: each value counts up once when 30% of it is visible. */
export default function StatCounters({ stats }: { stats: CounterStat[] }) {
  return (
    <ul className={`grid grid-cols-1 gap-6 ${COLUMNS[Math.min(stats.length, 4)]}`}>
      {stats.map((stat, index) => (
        <li
          key={stat.id}
          className="rounded-2xl border border-white/10 bg-white/5 px-6 py-8 text-center backdrop-blur-sm"
        >
          <Counter value={stat.value} index={index} />
          <p className="mt-2 text-sm font-medium tracking-wide text-brand-100 uppercase">
            {stat.label}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * One counter. The server render holds the final value (no-JS visitors and crawlers see it);
 * after hydration it drops to the start value and counts up once it scrolls into view.
 */
function Counter({ value, index }: { value: string; index: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [text, setText] = useState(value);

  useEffect(() => {
    const el = ref.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (
      !el ||
      !parseCounterValue(value) ||
      reduced ||
      typeof IntersectionObserver === 'undefined'
    ) {
      setText(value);
      return;
    }
    const duration = counterDuration(index);
    setText(counterText(value, 0, duration));
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= COUNTER_THRESHOLD))
          return;
        observer.disconnect(); // count once only
        const start = performance.now();
        const tick = (time: number) => {
          const elapsed = time - start;
          setText(counterText(value, elapsed, duration));
          if (elapsed < duration) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: COUNTER_THRESHOLD },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, index]);

  return (
    <p
      ref={ref}
      className="font-display text-4xl font-semibold text-white tabular-nums sm:text-5xl"
      data-testid="stat-value"
      data-value={value}
    >
      {text}
    </p>
  );
}
