import { costDetails, costValues, formatCost, guessCurrency, normaliseNumber, parseCostInput } from './event-cost';

function stored(raw: unknown) {
  const parsed = parseCostInput(raw);
  if (!parsed.ok) throw new Error('unexpected rejection');
  return parsed.value === null
    ? { cost: null, currencySymbol: '', currencyPosition: 'prefix', currencyCode: '' }
    : { ...parsed.value, currencyCode: '' };
}

describe('parseCostInput', () => {
  it.each([[null], [''], ['   '], [[]], [['', null]]])('reads %p as no cost', (raw) => {
    expect(parseCostInput(raw)).toEqual({ ok: true, value: null });
  });

  it('keeps a cost of 0', () => {
    expect(parseCostInput(0)).toEqual({ ok: true, value: { cost: '0', currencySymbol: '', currencyPosition: 'prefix' } });
  });

  it('guesses the currency from the text around the numbers', () => {
    expect(parseCostInput('$10')).toEqual({ ok: true, value: { cost: '$10', currencySymbol: '$', currencyPosition: 'prefix' } });
    expect(parseCostInput('10 €')).toEqual({ ok: true, value: { cost: '10 €', currencySymbol: '€', currencyPosition: 'postfix' } });
  });

  it('reads a number written as a fraction alone (".5") as a number, its separator not as a symbol', () => {
    expect(parseCostInput('.5')).toEqual({ ok: true, value: { cost: '.5', currencySymbol: '', currencyPosition: 'prefix' } });
    expect(parseCostInput('$.5')).toEqual({ ok: true, value: { cost: '$.5', currencySymbol: '$', currencyPosition: 'prefix' } });
    expect(parseCostInput(',50 €')).toEqual({ ok: true, value: { cost: ',50 €', currencySymbol: '€', currencyPosition: 'postfix' } });
    expect(costValues('.5')).toEqual(['0.5']);
    expect(costValues('.500\n,50\n2')).toEqual(['0.500', '0.50', '2']);
    expect(formatCost(stored('$.5'))).toBe('$0.5');
  });

  it('keeps several costs, one per line', () => {
    expect(parseCostInput(['$10', '$25'])).toEqual({
      ok: true,
      value: { cost: '$10\n$25', currencySymbol: '$', currencyPosition: 'prefix' },
    });
  });

  it('strips markup from every entry, and so from the currency symbol (issue #12)', () => {
    expect(parseCostInput('<b>$</b>10<script>alert(1)</script>')).toEqual({
      ok: true,
      value: { cost: '$10', currencySymbol: '$', currencyPosition: 'prefix' },
    });
    expect(parseCostInput(['10 <img src=x onerror=alert(1)>€', '</script><script>alert(1)</script>'])).toEqual({
      ok: true,
      value: { cost: '10 €', currencySymbol: '€', currencyPosition: 'postfix' },
    });
    const left = parseCostInput('"><script>alert(1)</script>10 < 20');
    expect(left.ok && left.value).toEqual({ cost: '"&gt;10 &lt; 20', currencySymbol: '"&gt;', currencyPosition: 'prefix' });
    expect(parseCostInput('<script>alert(1)</script>')).toEqual({ ok: true, value: null });
  });

  it('reads back the "Free" it shows for 0, alone or as an end of a range (an event sent back keeps its cost)', () => {
    expect(parseCostInput('Free')).toEqual({ ok: true, value: { cost: '0', currencySymbol: '', currencyPosition: 'prefix' } });
    expect(parseCostInput('free')).toEqual({ ok: true, value: { cost: '0', currencySymbol: '', currencyPosition: 'prefix' } });
    for (const raw of [
      ['0', '25'],
      ['0', '$25'],
      ['$0', '$25'],
      ['10 €', '0'],
    ]) {
      const shown = formatCost(stored(raw));
      expect(formatCost(stored(shown))).toBe(shown);
      expect(costDetails(stored(shown))).toEqual(costDetails(stored(raw)));
    }
    expect(parseCostInput('Free – 25')).toEqual({ ok: true, value: { cost: '0\n25', currencySymbol: '', currencyPosition: 'prefix' } });
    // Typed with a hyphen or an em dash, as "5 - 10" is read as a range.
    for (const typed of ['Free - $25', 'free-$25', '$25 — Free']) {
      expect(parseCostInput(typed)).toEqual({
        ok: true,
        value: { cost: typed.startsWith('$') ? '$25\n0' : '0\n$25', currencySymbol: '$', currencyPosition: 'prefix' },
      });
    }
    // Text that only contains the word stays text, joined to it by a dash too.
    for (const text of ['Free entry', 'Free-entry', 'Free – entry']) {
      expect(parseCostInput(text)).toEqual({ ok: true, value: { cost: text, currencySymbol: '', currencyPosition: 'prefix' } });
    }
  });

  it.each([[{}], [true], [[{}]]])('rejects %p', (raw) => {
    expect(parseCostInput(raw).ok).toBe(false);
  });

  it('rejects a cost longer than the column', () => {
    expect(parseCostInput('x'.repeat(256)).ok).toBe(false);
  });
});

describe('guessCurrency', () => {
  it('finds no currency when the entries disagree or have none', () => {
    expect(guessCurrency(['$10', '€20'])).toEqual({ symbol: '', position: 'prefix' });
    expect(guessCurrency(['10'])).toEqual({ symbol: '', position: 'prefix' });
    expect(guessCurrency(['Donation'])).toEqual({ symbol: '', position: 'prefix' });
  });

  it('ignores entries without numbers', () => {
    expect(guessCurrency(['Donation', '$5'])).toEqual({ symbol: '$', position: 'prefix' });
  });
});

describe('normaliseNumber', () => {
  it.each([
    ['10', '10'],
    ['010', '10'],
    ['10.50', '10.50'],
    ['10,5', '10.5'],
    ['1,000', '1000'],
    ['1.000.000', '1000000'],
    ['1,000.50', '1000.50'],
    ['1.000,50', '1000.50'],
  ])('reads %s as %s', (text, expected) => {
    expect(normaliseNumber(text)).toBe(expected);
  });
});

describe('formatCost and costDetails', () => {
  it('shows "$10" with its details', () => {
    const cost = stored('$10');
    expect(formatCost(cost)).toBe('$10');
    expect(costDetails(cost)).toEqual({ currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['10'] });
  });

  it('shows a range as "min – max"', () => {
    expect(formatCost(stored('$10 - $20'))).toBe('$10 – $20');
    expect(formatCost(stored(['25 €', '5 €', '10 €']))).toBe('5€ – 25€');
    expect(costValues('25\n5\n10')).toEqual(['5', '10', '25']);
  });

  it('shows 0 as "Free", also at one end of a range', () => {
    expect(formatCost(stored(0))).toBe('Free');
    expect(costDetails(stored(0)).values).toEqual(['0']);
    expect(formatCost(stored(['0', '$15']))).toBe('Free – $15');
  });

  it('leaves a number without a symbol bare', () => {
    expect(formatCost(stored('10'))).toBe('10');
    expect(costDetails(stored('10'))).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: ['10'] });
  });

  it('shows a cost without numbers as given', () => {
    expect(formatCost(stored('Donation'))).toBe('Donation');
    expect(costDetails(stored('Donation')).values).toEqual(['Donation']);
  });

  it('has empty details without a cost', () => {
    expect(formatCost(stored(null))).toBe('');
    expect(costDetails(stored(null))).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: [] });
  });
});

describe('formatCost and costDetails on a cost stored before markup was stripped', () => {
  it('escape its angle brackets', () => {
    const old = {
      cost: '<b>10</b>\n<script>alert(x)</script>',
      currencySymbol: '<i>$</i>',
      currencyPosition: 'prefix',
      currencyCode: '<x>',
    };
    expect(formatCost(old)).toBe('&lt;i&gt;$&lt;/i&gt;10');
    expect(costDetails(old)).toEqual({
      currency_symbol: '&lt;i&gt;$&lt;/i&gt;',
      currency_code: '&lt;x&gt;',
      currency_position: 'prefix',
      values: ['10'],
    });
    const words = { ...old, cost: 'Pay <script>alert(x)</script>' };
    expect(formatCost(words)).toBe('Pay &lt;script&gt;alert(x)&lt;/script&gt;');
    expect(costDetails(words).values).toEqual(['Pay &lt;script&gt;alert(x)&lt;/script&gt;']);
  });
});
