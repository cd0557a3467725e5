import { newEmulator } from './helpers';

const T0 = Date.parse('2026-11-21T15:00:00Z');

describe('virtual clock', () => {
  it('drives Date.now(), new Date() and Date() but not dated constructors', () => {
    const emu = newEmulator();
    const D = emu.globals.Date;
    expect(D.now()).toBe(T0);
    expect(new D().getTime()).toBe(T0);
    expect(new D(0).getTime()).toBe(0);
    expect(new D('2020-01-01T00:00:00Z').toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect((D as unknown as () => string)()).toBe(new Date(T0).toString());
    expect(new D() instanceof Date).toBe(true);
    expect(D.UTC(2020, 0, 1)).toBe(Date.UTC(2020, 0, 1));
    emu.clock.advance(5000);
    expect(D.now()).toBe(T0 + 5000);
    emu.clock.set(42);
    expect(new D().getTime()).toBe(42);
  });

  it('Utilities.sleep advances the clock and counts sleptMs', () => {
    const emu = newEmulator();
    emu.globals.Utilities.sleep(1500);
    emu.globals.Utilities.sleep(500);
    expect(emu.clock.now()).toBe(T0 + 2000);
    expect(emu.counters.sleptMs).toBe(2000);
    emu.resetCounters();
    expect(emu.counters.sleptMs).toBe(0);
  });
});

describe('Utilities.formatDate', () => {
  const { Utilities } = newEmulator().globals;
  const d = new Date('2026-03-08T07:05:09.045Z');

  it('formats Java SimpleDateFormat tokens in real time zones', () => {
    expect(Utilities.formatDate(d, 'America/New_York', 'yyyy-MM-dd HH:mm:ss')).toBe('2026-03-08 03:05:09');
    expect(Utilities.formatDate(d, 'America/Los_Angeles', 'yyyy-MM-dd HH:mm')).toBe('2026-03-07 23:05');
    expect(Utilities.formatDate(d, 'Pacific/Auckland', 'yyyy-MM-dd HH:mm')).toBe('2026-03-08 20:05');
    expect(Utilities.formatDate(d, 'UTC', "EEE, d MMM yy h:mm a 'at' Z")).toBe('Sun, 8 Mar 26 7:05 AM at +0000');
    expect(Utilities.formatDate(d, 'America/New_York', 'EEEE MMMM M/d hh a u')).toBe('Sunday March 3/8 03 AM 7');
    expect(Utilities.formatDate(d, 'America/Los_Angeles', 'Z XXX')).toBe('-0800 -08:00');
    expect(Utilities.formatDate(d, 'America/New_York', 'Z XXX')).toBe('-0400 -04:00');
    expect(Utilities.formatDate(d, 'Asia/Kolkata', 'XXX')).toBe('+05:30');
    expect(Utilities.formatDate(d, 'UTC', 'XXX')).toBe('Z');
    expect(Utilities.formatDate(d, 'GMT+2', 'HH:mm')).toBe('09:05');
    expect(Utilities.formatDate(d, 'UTC', "ss.SSS 'o''clock' ''")).toBe("09.045 o'clock '");
  });

  it('accepts a Date from another realm and rejects what Apps Script rejects', () => {
    const vmDate = require('node:vm').runInNewContext('new Date(0)');
    expect(Utilities.formatDate(vmDate, 'UTC', 'yyyy')).toBe('1970');
    expect(() => Utilities.formatDate('2026-01-01' as unknown as Date, 'UTC', 'yyyy')).toThrow(/don't match the method signature/);
    expect(() => Utilities.formatDate(d, 'Mars/Olympus', 'yyyy')).toThrow(/unknown time zone/);
    expect(() => Utilities.formatDate(d, 'UTC', 'YYYY')).toThrow(/week year/);
    expect(() => Utilities.formatDate(d, 'UTC', "'open")).toThrow(/unterminated/);
  });
});

describe('Utilities bytes, digests, blobs', () => {
  const { Utilities } = newEmulator().globals;

  it('base64 encodes text and signed bytes, decodes to signed bytes', () => {
    expect(Utilities.base64Encode('héllo')).toBe(Buffer.from('héllo').toString('base64'));
    expect(Utilities.base64Encode('héllo', Utilities.Charset.UTF_8)).toBe('aMOpbGxv');
    expect(Utilities.base64Encode([-1, 0, 127])).toBe('/wB/');
    expect(Utilities.base64EncodeWebSafe([-5, -1])).toBe('-_8=');
    expect(Utilities.base64Decode('/wB/')).toEqual([-1, 0, 127]);
    expect(Utilities.base64DecodeWebSafe('-_8=')).toEqual([-5, -1]);
    expect(() => Utilities.base64Decode('not base64!')).toThrow('Could not decode string.');
  });

  it('computes digests as signed bytes', () => {
    const hex = (bytes: number[]) => bytes.map((b) => ((b + 256) % 256).toString(16).padStart(2, '0')).join('');
    expect(hex(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'abc', Utilities.Charset.UTF_8))).toBe(
      '900150983cd24fb0d6963f7d28e17f72',
    );
    expect(hex(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_1, 'abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc').some((b) => b < 0)).toBe(true);
    expect(() => Utilities.computeDigest(Utilities.DigestAlgorithm.MD2, 'abc')).toThrow(/not emulated/);
  });

  it('makes blobs and gzips them round trip', () => {
    const blob = Utilities.newBlob('¡hola!', 'text/plain', 'a.txt');
    expect(blob.getContentType()).toBe('text/plain');
    expect(blob.getName()).toBe('a.txt');
    expect(blob.getDataAsString()).toBe('¡hola!');
    expect(blob.getBytes().length).toBe(7);
    expect(blob.setContentType('text/csv').getContentType()).toBe('text/csv');
    const zipped = Utilities.gzip(blob);
    expect(zipped.getContentType()).toBe('application/x-gzip');
    expect(zipped.getBytes().slice(0, 2)).toEqual([31, -117]);
    const back = Utilities.ungzip(Utilities.newBlob(zipped.getBytes(), 'application/x-gzip'));
    expect(back.getDataAsString('UTF-8')).toBe('¡hola!');
    expect(() => Utilities.ungzip(Utilities.newBlob('plain'))).toThrow('Could not decompress gzip.');
  });

  it('gives UUIDs and refuses what it does not emulate', () => {
    expect(Utilities.getUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Utilities.getUuid()).not.toBe(Utilities.getUuid());
    expect(() => Utilities.parseCsv('a,b')).toThrow('Utilities.parseCsv is not emulated');
    expect(Utilities.formatString('%s has %d rows, %.2f%%', 'A', 3.7, 12.345)).toBe('A has 3 rows, 12.35%');
  });
});
