// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { quoteMarkup, quotePath, sameActivity } from '../../src/data/reply-to';
import { parseQuoteHref, quoteHref } from '../../src/data/rendered-quotes';

describe('quote references', () => {
  it('reads an activity or an activity and a reply, plain positive integers only', () => {
    expect(parseQuoteHref('700000004')).toEqual({ activityId: 700000004, replyId: null });
    expect(parseQuoteHref('700000004/50000006')).toEqual({ activityId: 700000004, replyId: 50000006 });
    for (const href of [
      null,
      undefined,
      '',
      '0',
      '0/1',
      '1/0',
      '01',
      '1/02',
      '-1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      '1/',
      '/1',
      '1//2',
      '1/2/3',
      '1/2?x=1',
      'https://anilist.co/activity/1',
      '/activity/1',
      'javascript:alert(1)',
      '１２３',
      '٣',
      '99999999999999999',
      `${'9'.repeat(16)}`,
      '1/'.repeat(30),
    ])
      expect(parseQuoteHref(href), String(href)).toBeNull();
  });

  it('writes the href and the path back', () => {
    expect(quoteHref({ activityId: 5, replyId: null })).toBe('5');
    expect(quoteHref({ activityId: 5, replyId: 7 })).toBe('5/7');
    expect(quotePath({ activityId: 5, replyId: null })).toBe('/activity/5');
    expect(quotePath({ activityId: 5, replyId: 7 })).toBe('/activity/5?void-reply-id=7');
    expect(sameActivity({ activityId: 5, replyId: 7 }, 5)).toBe(true);
    expect(sameActivity({ activityId: 5, replyId: 7 }, 6)).toBe(false);
    expect(sameActivity({ activityId: 5, replyId: 7 }, null)).toBe(false);
  });
});

describe('the quote', () => {
  const reply = { activityId: 700000004, replyId: 50000006 };

  it("is 2.0.3's blockquote with the selection trimmed", () => {
    expect(quoteMarkup(reply, '  Welcome back :)\n')).toBe('<blockquote href="700000004/50000006">Welcome back :)</blockquote>');
    expect(quoteMarkup({ activityId: 1, replyId: null }, 'x')).toBe('<blockquote href="1">x</blockquote>');
  });

  it('keeps lines as <br>, with no blank line that would end the HTML block', () => {
    expect(quoteMarkup(reply, 'one\r\n\r\n\ntwo\nthree')).toBe('<blockquote href="700000004/50000006">one<br>two<br>three</blockquote>');
  });

  it('is nothing for a selection of white space', () => {
    expect(quoteMarkup(reply, '')).toBeNull();
    expect(quoteMarkup(reply, ' \n\t\r\n ')).toBeNull();
  });

  it('cannot be broken out of: markup in the selection stays text', () => {
    const adversarial = [
      '</blockquote><img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '"><a href="javascript:alert(1)">x</a>',
      '&lt;/blockquote&gt;',
      '<blockquote href="1/2">nested</blockquote>',
      '<<>>"\'&&',
      '</BLOCKQUOTE\n>',
    ];
    for (const text of adversarial) {
      const quote = quoteMarkup(reply, text)!;
      const inner = quote.slice('<blockquote href="700000004/50000006">'.length, -'</blockquote>'.length);
      expect(inner.replace(/<br>/g, ''), text).not.toMatch(/[<>"]/);
      // What the page shows is the selection again.
      const shown = inner
        .replace(/<br>/g, '\n')
        .replace(/&lt;|&gt;|&quot;|&amp;/g, (e) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' })[e]!);
      expect(shown, text).toBe(
        text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('\n'),
      );
    }
  });

  it('parses back as the same quote in a browser (one blockquote, its href, the text)', () => {
    const text = '</blockquote><blockquote href="9">evil</blockquote><img src=x>';
    const doc = new DOMParser().parseFromString(quoteMarkup(reply, text)!, 'text/html');
    const quotes = doc.body.querySelectorAll('blockquote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.getAttribute('href')).toBe('700000004/50000006');
    expect(quotes[0]!.textContent).toBe(text);
    expect(doc.body.querySelector('img')).toBeNull();
  });
});
