import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';

/** Minimum travel, in px, of a swipe. */
const SWIPE_THRESHOLD_PX = 50;
/** A tap moves less than this many px ... */
const TAP_MAX_MOVE_PX = 10;
/** ... and lasts less than this many ms. */
const TAP_MAX_MS = 300;
/** A still touch held this long is a long press. */
const LONG_PRESS_MS = 500;
/** Screens narrower than this many px are mobile. */
const MOBILE_BREAKPOINT_PX = 768;

/** What a finished touch was. */
export type Gesture = 'tap' | 'long-press' | 'swipe-left' | 'swipe-right' | 'swipe-up' | 'swipe-down';

/** A finished touch: travel in px (x to the right, y downwards) and duration in ms. */
export interface TouchTrace {
  dx: number;
  dy: number;
  ms: number;
}

/** Classifies a finished touch; null when it is none of the known gestures. */
export function classifyGesture({ dx, dy, ms }: TouchTrace): Gesture | null {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax >= SWIPE_THRESHOLD_PX && ax >= ay) return dx > 0 ? 'swipe-right' : 'swipe-left';
  if (ay >= SWIPE_THRESHOLD_PX) return dy > 0 ? 'swipe-down' : 'swipe-up';
  if (ax < TAP_MAX_MOVE_PX && ay < TAP_MAX_MOVE_PX) {
    if (ms < TAP_MAX_MS) return 'tap';
    if (ms >= LONG_PRESS_MS) return 'long-press';
  }
  return null;
}

/** Calls `onGesture` for every touch on the document that classifies as a gesture. */
export function useGestures(onGesture: (gesture: Gesture) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number; at: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY, at: event.timeStamp } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const gesture = classifyGesture({ dx: touch.clientX - start.x, dy: touch.clientY - start.y, ms: event.timeStamp - start.at });
      start = null;
      if (gesture) onGesture(gesture);
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [enabled, onGesture]);
}

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/** Mobile by user agent or by a viewport narrower than 768 px. */
export function useIsMobile(): boolean {
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false);
  return narrow || MOBILE_USER_AGENT.test(navigator.userAgent);
}
