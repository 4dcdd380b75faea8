import { compoundHeadStems, headReading, namedWordStem, partsReading } from './search-compound-heads';

describe('compound heads', () => {
  it('reads a compound by its head: a Druckerpatrone is a Patrone, a Papierkorb a Korb', () => {
    expect(headReading('druckerpatrone')).toBe('patrone');
    expect(headReading('Papierkorb')).toBe('korb');
    expect(headReading('druckerpatrone schwarz')).toBe('patrone schwarz');
  });

  it('splits a compound into its parts for the "has what the modifier says too" tier', () => {
    expect(partsReading('tintendrucker')).toBe('tinten drucker');
    expect(partsReading('laserdruckerpapier')).toBe('laser drucker papier');
  });

  it('compares heads by their stem, so inflected names count', () => {
    expect(compoundHeadStems('arbeitshandschuhe')).toEqual(['handschuh']);
    expect(compoundHeadStems('stahlschrauben')).toEqual(['schraub']);
    expect(compoundHeadStems('druckerpatrone')).toEqual(['patron']);
  });

  it('leaves plain words, phrases and exclusions alone', () => {
    expect(headReading('kabel')).toBeNull();
    expect(partsReading('kabel')).toBeNull();
    expect(compoundHeadStems('kabel')).toEqual([]);
    expect(headReading('"druckerpatrone"')).toBeNull();
    expect(headReading('druckerpatrone -schwarz')).toBeNull();
  });

  it('reads a one-word query that is no compound by its stem, to rank what it names first', () => {
    expect(namedWordStem('kabel')).toBe('kabel');
    expect(namedWordStem('Schrauben')).toBe('schraub');
    expect(namedWordStem(' tisch ')).toBe('tisch');
    expect(namedWordStem('usb-c')).toBeNull();
    expect(namedWordStem('druckerpatrone')).toBeNull(); // a compound: read by its head instead
    expect(namedWordStem('kabel hdmi')).toBeNull();
    expect(namedWordStem('"kabel"')).toBeNull();
    expect(namedWordStem('usb')).toBeNull(); // too short to say
  });
});
