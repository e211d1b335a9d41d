import { describe, expect, it } from 'vitest';
import { classifyGesture } from './gestures';

describe('classifyGesture', () => {
  it.each([
    [{ dx: 50, dy: 0, ms: 200 }, 'swipe-right'],
    [{ dx: -50, dy: 10, ms: 200 }, 'swipe-left'],
    [{ dx: 49, dy: 0, ms: 200 }, null],
    [{ dx: 60, dy: 70, ms: 200 }, 'swipe-down'],
    [{ dx: 0, dy: -80, ms: 200 }, 'swipe-up'],
    [{ dx: 9, dy: -9, ms: 299 }, 'tap'],
    [{ dx: 10, dy: 0, ms: 100 }, null],
    [{ dx: 0, dy: 0, ms: 300 }, null],
    [{ dx: 2, dy: 3, ms: 499 }, null],
    [{ dx: 2, dy: 3, ms: 500 }, 'long-press'],
    [{ dx: 30, dy: 0, ms: 800 }, null],
  ])('%o is %s', (trace, expected) => {
    expect(classifyGesture(trace)).toBe(expected);
  });
});
