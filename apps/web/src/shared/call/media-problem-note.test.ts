import { describe, expect, it } from 'vitest';
import { mediaProblemText } from './media-problem-note';

describe('mediaProblemText', () => {
  it('tells a video call without a microphone to join with video only', () => {
    expect(mediaProblemText({ kind: 'not-found', missing: 'microphone' }).body).toContain('join with video only');
  });

  it('never offers video in an audio-only call: no microphone, or a blocked one, speaks of the microphone alone', () => {
    const missing = mediaProblemText({ kind: 'not-found', missing: 'microphone' }, { audioOnly: true });
    expect(missing.title).toBe('No microphone found');
    expect(missing.body).not.toMatch(/video|camera/i);
    const blocked = mediaProblemText({ kind: 'denied' }, { audioOnly: true });
    expect(blocked.title).toBe('Your microphone is blocked');
    expect(blocked.body).not.toMatch(/video|camera/i);
    expect(blocked.body).toContain('set Microphone to Allow');
    const unsupported = mediaProblemText({ kind: 'unsupported' }, { audioOnly: true });
    expect(`${unsupported.title} ${unsupported.body}`).not.toMatch(/video|camera/i);
  });
});
