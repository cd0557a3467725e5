/**
 * Other data (another add-on, say) filling a property store to the last byte, in ever smaller
 * pieces, under keys of its own (other.filler.<size>.<n>), for tests of a full document store.
 */
export function fillToTheLastByte(props: { setProperty(key: string, value: string): unknown }): void {
  for (const size of [8_000, 500, 1]) {
    for (let i = 0; ; i++) {
      try {
        props.setProperty(`other.filler.${size}.${i}`, 'x'.repeat(size));
      } catch (_) {
        break;
      }
    }
  }
}
