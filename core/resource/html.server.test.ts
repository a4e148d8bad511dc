// Rich text is sanitised before it is stored: what runs (scripts, frames, styles, event handlers,
// javascript:/data: URLs) is stripped, the editor's formatting stays; and reads as plain text.
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.server';
import { htmlExcerpt, htmlText } from './html';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor makes', () => {
    const html = '<h2>瑞丽口岸</h2><p><strong>通关</strong>与<em>物流</em></p><ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引</blockquote><p><a href="https://example.com/a">链接</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['<iframe>', '<p>x</p><iframe src="https://evil.example"></iframe>', '<p>x</p>'],
    ['an onerror handler', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<img src=x onerror>', '<img src=x onerror="alert(1)">', '<img src="x" />'],
    ['a javascript: href', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an obfuscated javascript: href', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['a style attribute with an expression', '<p style="width: expression(alert(1)); background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['a <style> element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>', '<p>x</p>'],
    ['<svg onload>', '<svg onload="alert(1)"><circle/></svg><p>x</p>', '<p>x</p>'],
    ['<object> and <embed>', '<object data="x.swf"></object><embed src="x.swf"><p>x</p>', '<p>x</p>'],
    ['a form', '<form action="https://evil.example"><input name="p"></form><p>x</p>', '<p>x</p>'],
  ])('strips %s', (_name, input, out) => {
    expect(sanitizeRichText(input)).toBe(out);
  });

  it('keeps an http image, and makes a link opening elsewhere unable to reach back', () => {
    expect(sanitizeRichText('<img src="https://example.com/a.png" alt="a">')).toBe('<img src="https://example.com/a.png" alt="a" />');
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('leaves null as null', () => {
    expect(sanitizeRichText(null)).toBeNull();
  });
});

describe('htmlText', () => {
  it('reads the text of stored HTML, entities decoded and blocks apart', () => {
    expect(htmlText('<h2>标题</h2><p>A &amp; B&nbsp;&lt;C&gt;</p><p>二</p>')).toBe('标题 A & B <C> 二');
    expect(htmlExcerpt('<p>0123456789</p>', 4)).toBe('0123…');
    expect(htmlText(null)).toBe('');
  });
});
