// Stepping through a finished game, for the review and the replay: the step shown, moved by the
// buttons or by ← and → (not while a form control has the keys), the focus kept on the step's line.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";

/** The step shown (``first`` at first, within 0 to ``last``), the functions that go to a step and
 *  move by some steps (from the step shown then, however fast the clicks come), and the ref of the
 *  element whose keys move it (it holds the `[data-focus="step"]` line). */
export function useStepper(first: number, last: number) {
  const [current, setCurrent] = useState(first);
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const within = (step: number) => Math.max(0, Math.min(last, step));
  const go = (step: number) => {
    setCurrent(within(step));
    moved.current = true;
  };
  const move = (by: number) => {
    setCurrent((now) => within(now + by));
    moved.current = true;
  };
  useLayoutEffect(() => {
    if (moved.current) root.current?.querySelector<HTMLElement>(`[data-focus="step"]`)?.focus();
    moved.current = false;
  });
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (["SELECT", "INPUT"].includes((e.target as HTMLElement).tagName)) return;
      if (e.key === "ArrowRight") move(1);
      if (e.key === "ArrowLeft") move(-1);
    };
    const node = root.current;
    node?.addEventListener("keydown", keys);
    return () => node?.removeEventListener("keydown", keys);
  }, []);
  return { current, go, move, root };
}
