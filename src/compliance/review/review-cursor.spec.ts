import { ApiError } from '../../common/http/api-error';
import {
  decodeEventCursor,
  decodeSessionCursor,
  encodeEventCursor,
  encodeSessionCursor,
} from './review-cursor';

describe('review cursors', () => {
  it('round-trip a session position and an event sequence', () => {
    const position = {
      createdAt: new Date('2026-11-20T10:00:00.123Z'),
      id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
    };
    expect(decodeSessionCursor(encodeSessionCursor(position))).toEqual(position);
    expect(decodeEventCursor(encodeEventCursor(12345678901n))).toBe(12345678901n);
  });

  it.each(['', 'not-base64!', Buffer.from('{"a":1}').toString('base64url'), encodeEventCursor(1n)])(
    'rejects a session cursor the server did not issue (%s) with 400 invalid_request',
    (text) => {
      expect(() => decodeSessionCursor(text)).toThrow(ApiError);
      try {
        decodeSessionCursor(text);
      } catch (error) {
        expect((error as ApiError).getStatus()).toBe(400);
        expect((error as ApiError).code).toBe('invalid_request');
      }
    },
  );

  it('rejects an event cursor of another kind or with a non-numeric sequence', () => {
    expect(() =>
      decodeEventCursor(
        encodeSessionCursor({ createdAt: new Date(0), id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890' }),
      ),
    ).toThrow(ApiError);
    expect(() => decodeEventCursor(Buffer.from('["e","-1"]').toString('base64url'))).toThrow(ApiError);
  });
});
