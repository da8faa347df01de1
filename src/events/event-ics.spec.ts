import { htmlToText } from './event-ics';

describe('htmlToText', () => {
  it('turns paragraphs and line breaks into newlines and drops the tags', () => {
    expect(htmlToText('<p>One <strong>bold</strong> line</p><p>Two<br>Three<br/>Four</p>')).toBe('One bold line\nTwo\nThree\nFour');
  });

  it('gives back the characters the HTML escapes', () => {
    expect(htmlToText('<p>Fish &amp; chips &lt;3 "quoted" &#39;single&#39;</p>')).toBe('Fish & chips <3 "quoted" \'single\'');
  });

  it('keeps at most one empty line between blocks', () => {
    expect(htmlToText('<p>a</p>\n\n\n<p>b</p>')).toBe('a\n\nb');
  });
});
