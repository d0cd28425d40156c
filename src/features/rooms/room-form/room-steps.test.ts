import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../types';
import { roomNeighbours } from './room-steps';

const room = (id: string, roomNumber: string): RoomSummary => ({ id, propertyId: 'p', name: `Room ${roomNumber}`, roomNumber, scanCount: 0, createdAt: '' });

describe('a room’s previous and next room', () => {
  const rooms = [room('ten', '10'), room('two', '2'), room('one', '1')];

  it('follows the door plan ("2" before "10"), not the order the rooms came in', () => {
    expect(roomNeighbours(rooms, 'two')).toEqual({ previous: rooms[2], next: rooms[0] });
  });

  it('has no previous room for the first and no next room for the last', () => {
    expect(roomNeighbours(rooms, 'one')).toEqual({ previous: undefined, next: rooms[1] });
    expect(roomNeighbours(rooms, 'ten')).toEqual({ previous: rooms[1], next: undefined });
  });

  it('has neither for a room not in the list (deleted meanwhile)', () => {
    expect(roomNeighbours(rooms, 'gone')).toEqual({ previous: undefined, next: undefined });
  });
});
