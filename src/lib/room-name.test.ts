import { describe, expect, it } from 'vitest';
import { supportedLanguages } from './languages';
import { isNumberedRoomName, numberedRoomName, roomNameFromPattern, roomNameIn } from './room-name';

describe('roomNameFromPattern', () => {
  it('puts the number where {n} is, every time', () => {
    expect(roomNameFromPattern('Room {n}', '101')).toBe('Room 101');
    expect(roomNameFromPattern('{n} – Sea view ({n})', '7')).toBe('7 – Sea view (7)');
    expect(roomNameFromPattern('Room {n}', "$& $' $$ $1")).toBe("Room $& $' $$ $1");
  });

  it('appends the number to a pattern without {n}, and uses the number alone without a pattern', () => {
    expect(roomNameFromPattern('Suite', '3')).toBe('Suite 3');
    expect(roomNameFromPattern('  ', '3')).toBe('3');
  });
});

describe('isNumberedRoomName', () => {
  it('recognises the room number in the words of every language, and the number alone', () => {
    for (const language of supportedLanguages) expect(isNumberedRoomName(numberedRoomName(language, '215'), '215')).toBe(true);
    expect(isNumberedRoomName('215', '215')).toBe(true);
    expect(isNumberedRoomName('  room   215 ', '215')).toBe(true);
    expect(isNumberedRoomName('Stanza 215', '215')).toBe(true);
  });

  it('keeps a name of its own: other words, another number, or no number at all', () => {
    expect(isNumberedRoomName('Sea View Suite', '215')).toBe(false);
    expect(isNumberedRoomName('Room 215 (sea view)', '215')).toBe(false);
    expect(isNumberedRoomName('Room 216', '215')).toBe(false);
    expect(isNumberedRoomName('Room ', '')).toBe(false);
  });
});

describe('roomNameIn', () => {
  it("gives a numbered room in the reader's words and leaves a named one as the host wrote it", () => {
    expect(roomNameIn('es', 'Room 133', '133')).toBe('Habitación 133');
    expect(roomNameIn('de', 'Habitación 133', '133')).toBe('Zimmer 133');
    expect(roomNameIn('ja', 'Room 133', '133')).toBe('133号室');
    expect(roomNameIn('de', 'Suite Lisboa', '133')).toBe('Suite Lisboa');
  });
});
