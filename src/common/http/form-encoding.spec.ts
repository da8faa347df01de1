import { fieldsNotUtf8 } from './form-encoding';

describe('fieldsNotUtf8', () => {
  it('names the fields whose escapes are not UTF-8, by their parameter name', () => {
    expect(fieldsNotUtf8('venue=%E9t%E9&city=ok&categories[]=a&categories[]=%ED%A0%80&%FF=1')).toEqual(['venue', 'categories', '%FF']);
  });

  it('accepts UTF-8 escapes, raw UTF-8 bytes, plus signs and a % without two hex digits', () => {
    const raw = Buffer.from('title=Caf\u00e9+bar&cost=50% off&x=%C3%A9%F0%9F%98%80', 'utf8').toString('latin1');
    expect(fieldsNotUtf8(raw)).toEqual([]);
  });
});
