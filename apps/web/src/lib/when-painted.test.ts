// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPainted } from './when-painted';

describe('whenPainted', () => {
  beforeEach(() => {
    // jsdom's frames come from timers too; faked, the test says when a frame is painted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the callback in a task after the next frame, not in the frame itself', () => {
    const order: string[] = [];
    whenPainted(() => order.push('callback'));
    requestAnimationFrame(() => order.push('frame'));
    vi.advanceTimersToNextFrame();
    expect(order).toEqual(['frame']);
    // The task queued from the frame (fake timers run a 0 ms timeout after at least 1 ms).
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['frame', 'callback']);
  });

  it('runs it once, even when the hidden-tab wait also passes', () => {
    const callback = vi.fn();
    whenPainted(callback);
    vi.advanceTimersByTime(5_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs it after a second in a tab that paints no frames', () => {
    const callback = vi.fn();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    whenPainted(callback);
    vi.advanceTimersByTime(999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not run it once cancelled', () => {
    const callback = vi.fn();
    whenPainted(callback).cancel();
    vi.advanceTimersByTime(5_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
