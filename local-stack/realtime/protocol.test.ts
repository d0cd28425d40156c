/**
 * The frame and filter facts of docs/realtime.md, checked against realtime-js's own serializer where it has one.
 */
import { describe, expect, it } from 'vitest';
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import { decodeText, decodeUserBroadcastPush, encodeText, encodeUserBroadcast, FrameError, userBroadcastAsJson } from './frames.ts';
import { FilterParseError, parseFilter } from './filters.ts';

describe('frames', () => {
  it('reads and writes the 2.0.0 array and the 1.0.0 object', () => {
    const message = { joinRef: '1', ref: '2', topic: 'realtime:room', event: 'phx_join', payload: { config: {} } };
    expect(encodeText('2.0.0', message)).toBe('["1","2","realtime:room","phx_join",{"config":{}}]');
    expect(decodeText('2.0.0', encodeText('2.0.0', message))).toEqual(message);
    expect(JSON.parse(encodeText('1.0.0', message))).toEqual({ topic: 'realtime:room', event: 'phx_join', payload: { config: {} }, ref: '2', join_ref: '1' });
    expect(decodeText('1.0.0', encodeText('1.0.0', message))).toEqual(message);
    expect(decodeText('2.0.0', '[null,null,"phoenix","heartbeat",{}]')).toMatchObject({ joinRef: null, ref: null });
  });

  it('refuses frames that are not what the serializer says', () => {
    expect(() => decodeText('2.0.0', '{"topic":"t"}')).toThrow(FrameError);
    expect(() => decodeText('1.0.0', '["1","1","t","e",{}]')).toThrow(FrameError);
    expect(() => decodeText('2.0.0', 'not json')).toThrow(FrameError);
    expect(() => decodeText('2.0.0', '[1,"1","t","e",{}]')).toThrow(FrameError);
  });

  it('decodes the kind-3 push realtime-js encodes, and writes a kind-4 frame realtime-js decodes', () => {
    const serializer = new Serializer();
    let binary: ArrayBuffer | undefined;
    serializer.encode(
      { join_ref: '3', ref: '7', topic: 'realtime:desk', event: 'broadcast', payload: { type: 'broadcast', event: 'wave', payload: { n: 1 } } },
      (encoded: unknown) => {
        binary = encoded as ArrayBuffer;
      },
    );
    const push = decodeUserBroadcastPush(Buffer.from(binary!));
    expect(push).toMatchObject({ joinRef: '3', ref: '7', topic: 'realtime:desk', userEvent: 'wave', encoding: 1 });
    expect(userBroadcastAsJson(push)).toEqual({ type: 'broadcast', event: 'wave', payload: { n: 1 } });

    const frame = encodeUserBroadcast(push);
    const arrayBuffer = new Uint8Array(frame).buffer;
    let decoded: unknown;
    serializer.decode(arrayBuffer, (message: unknown) => {
      decoded = message;
    });
    expect(decoded).toMatchObject({
      join_ref: null,
      ref: null,
      topic: 'realtime:desk',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'wave', payload: { n: 1 } },
    });
  });

  it('refuses a binary frame of another kind or shorter than its header', () => {
    expect(() => decodeUserBroadcastPush(Buffer.from([4, 0, 0, 0, 0, 0, 1]))).toThrow(FrameError);
    expect(() => decodeUserBroadcastPush(Buffer.from([3, 5, 0, 0, 0, 0, 1, 65]))).toThrow(FrameError);
  });
});

describe('filters', () => {
  it('reads column=op.value, with commas joining conditions outside quotes and lists', () => {
    expect(parseFilter('property_id=eq.8c1b')).toEqual([['property_id', 'eq', '8c1b', false]]);
    expect(parseFilter('id=gt.0,id=lt.100')).toEqual([
      ['id', 'gt', '0', false],
      ['id', 'lt', '100', false],
    ]);
    expect(parseFilter('name=eq."a,b"')).toEqual([['name', 'eq', 'a,b', false]]);
    expect(parseFilter('room_number=in.(1,"2,3",x)')).toEqual([['room_number', 'in', '{"1","2,3","x"}', false]]);
    expect(parseFilter('status=not.in.(a,b)')).toEqual([['status', 'in', '{"a","b"}', true]]);
    expect(parseFilter('')).toEqual([]);
    expect(parseFilter(undefined)).toEqual([]);
  });

  it('says what is wrong with a filter it cannot apply', () => {
    expect(() => parseFilter('room_number=like.1%')).toThrow(new FilterParseError('unknown operator "like" in room_number=like.1%'));
    expect(() => parseFilter('room_number')).toThrow(FilterParseError);
    expect(() => parseFilter('room_number=eq')).toThrow(FilterParseError);
    expect(() => parseFilter('room_number=in.1,2')).toThrow(FilterParseError);
  });
});
