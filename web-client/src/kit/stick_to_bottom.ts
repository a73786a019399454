// A scrolled list of lines that follows its newest line while the reader is at the bottom
// (scrolling up to read is kept): as lines arrive, and when the list's size changes (a phone
// turned, a window resized: its lines re-wrap and the bottom moves). The match log and the
// lobby chat.
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";

export function useStickToBottom<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Chrome's scroll anchoring would move the list on a resize to keep a line at the top in
    // place, and that scroll would read as the reader leaving the bottom.
    el.style.overflowAnchor = "none";
    if (typeof ResizeObserver === "undefined") return;
    const follow = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    follow.observe(el);
    return () => follow.disconnect();
  }, []);
  const onScroll = (ev: Event) => {
    const el = ev.currentTarget as HTMLElement;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
  };
  return { ref, onScroll };
}
