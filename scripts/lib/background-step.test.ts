import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startInBackground } from './background-step';

const options = { cwd: tmpdir(), env: process.env };

describe('startInBackground', () => {
  it('keeps both streams of the command, in order, and resolves with its exit code', async () => {
    const step = startInBackground('echo', 'sh', ['-c', 'echo one; echo two >&2; exit 3'], options);
    const end = await step.done;
    expect(end.code).toBe(3);
    expect(end.seconds).toBeGreaterThanOrEqual(0);
    expect(step.output()).toBe('one\ntwo\n');
    step.remove();
    expect(step.output()).toBe('');
  });

  it('times the command from its start to its own end, not to when this process noticed', async () => {
    const step = startInBackground('quick', 'true', [], options);
    // the event loop is blocked for 1.5 s, as it is while npm test runs the step in the foreground
    spawnSync('sleep', ['1.5']);
    const end = await step.done;
    expect(end.code).toBe(0);
    expect(end.seconds).toBeLessThan(1);
  });

  it('stop ends the command at once', async () => {
    const step = startInBackground('sleeper', 'sh', ['-c', 'sleep 30; echo never'], options);
    step.stop();
    const end = await step.done;
    expect(end.code).toBe(1);
    expect(end.seconds).toBeLessThan(20);
  });
});
