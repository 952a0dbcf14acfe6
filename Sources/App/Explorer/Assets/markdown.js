// Markdown for the schema's descriptions (the GraphQL specification reads them as
// CommonMark), rendered as DOM nodes and never as HTML text, so nothing a description says
// becomes markup. Paragraphs are reflowed (a single newline is a space; two trailing spaces
// or a backslash make a hard break), blank lines separate blocks; `code` spans, fenced and
// indented code, bulleted and numbered lists, block quotes, headings, *emphasis*,
// **strong**, [links](…) and <autolinks>. A link is made only for an http, https or
// relative address; any other (javascript:, data:, …) leaves its text as plain text.
// Written for Kitchen; no third-party code.
(function (global) {
  'use strict';

  var PUNCTUATION = /[!-\/:-@\[-`{-~]/;
  var LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( {1,4}|\t|$)(.*)$/;
  var FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^`]*)$/;
  var HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
  var RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
  var QUOTE = /^ {0,3}> ?(.*)$/;

  function isBlank(line) { return /^[ \t]*$/.test(line); }
  function indentOf(line) { return /^ */.exec(line)[0].length; }

  // The list item that `line` starts, or null: whether it is numbered, its number, its kind
  // of marker (`-`, `*`, `+`, `.` or `)`), its text, and the column its content starts at.
  function listItem(line) {
    var match = LIST_ITEM.exec(line);
    if (!match) return null;
    var marker = match[2], ordered = /\d/.test(marker);
    var gap = match[3] === '\t' ? 1 : match[3].length;
    return {
      ordered: ordered,
      start: ordered ? parseInt(marker, 10) : 1,
      kind: ordered ? marker.slice(-1) : marker,
      text: match[4],
      empty: match[4].trim() === '',
      contentIndent: match[1].length + marker.length + Math.max(gap, 1)
    };
  }

  // Whether `line` starts a block that ends a paragraph above it.
  function interruptsParagraph(line) {
    if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
    var item = listItem(line);
    return !!item && !item.empty && (!item.ordered || item.start === 1);
  }

  // ---- Blocks: lines to a list of {type, …}.
  function parseBlocks(lines) {
    var blocks = [], i = 0, n = lines.length, match, previousBlank = true;
    while (i < n) {
      var line = lines[i];
      if (isBlank(line)) { i++; previousBlank = true; continue; }
      if ((match = FENCE.exec(line))) {
        var indent = match[1].length, fence = match[2], code = [];
        var closing = new RegExp('^ {0,3}' + fence[0] + '{' + fence.length + ',}[ \\t]*$');
        i++;
        while (i < n && !closing.test(lines[i])) {
          code.push(lines[i].slice(Math.min(indent, indentOf(lines[i]))));
          i++;
        }
        i++;
        blocks.push({ type: 'code', text: code.join('\n') });
      } else if (indentOf(line) >= 4 && previousBlank) {
        var indented = [];
        while (i < n && (isBlank(lines[i]) || indentOf(lines[i]) >= 4)) { indented.push(lines[i].slice(4)); i++; }
        while (indented.length && isBlank(indented[indented.length - 1])) indented.pop();
        blocks.push({ type: 'code', text: indented.join('\n') });
      } else if ((match = HEADING.exec(line))) {
        blocks.push({ type: 'heading', level: match[1].length, text: match[2] || '' });
        i++;
      } else if (RULE.test(line)) {
        blocks.push({ type: 'rule' });
        i++;
      } else if (QUOTE.test(line)) {
        var quoted = [];
        while (i < n && !isBlank(lines[i]) && ((match = QUOTE.exec(lines[i])) || !interruptsParagraph(lines[i]))) {
          quoted.push(match ? match[1] : lines[i]);
          i++;
        }
        blocks.push({ type: 'quote', blocks: parseBlocks(quoted) });
      } else if (listItem(line)) {
        i = parseList(lines, i, blocks);
      } else {
        var paragraph = [];
        while (i < n && !isBlank(lines[i]) && (paragraph.length === 0 || !interruptsParagraph(lines[i]))) {
          paragraph.push(lines[i].replace(/^[ \t]+/, ''));
          i++;
        }
        blocks.push({ type: 'paragraph', text: paragraph.join('\n').replace(/[ \t]+$/, '') });
      }
      previousBlank = false;
    }
    return blocks;
  }

  // One list from line `i`: items of the same kind of marker; an item holds the lines
  // indented under it, and lines that continue its paragraph. Returns the next line.
  function parseList(lines, i, blocks) {
    var first = listItem(lines[i]), n = lines.length, items = [], loose = false;
    while (i < n) {
      var item = listItem(lines[i]);
      if (!item || item.ordered !== first.ordered || item.kind !== first.kind) break;
      var body = [item.text], blankBefore = false;
      i++;
      while (i < n) {
        var line = lines[i];
        if (isBlank(line)) {
          var next = i + 1;
          while (next < n && isBlank(lines[next])) next++;
          if (next < n && indentOf(lines[next]) >= item.contentIndent) {
            for (; i < next; i++) body.push('');
            blankBefore = true;
            continue;
          }
          break;
        }
        if (indentOf(line) >= item.contentIndent) {
          if (blankBefore) loose = true;
          body.push(line.slice(item.contentIndent));
        } else if (!blankBefore && !isBlank(body[body.length - 1]) && !interruptsParagraph(line) && !listItem(line)) {
          body.push(line.replace(/^[ \t]+/, ''));
        } else {
          break;
        }
        blankBefore = false;
        i++;
      }
      items.push(parseBlocks(body));
      if (i < n && isBlank(lines[i])) {
        var following = i;
        while (following < n && isBlank(lines[following])) following++;
        var sibling = following < n ? listItem(lines[following]) : null;
        if (!sibling || sibling.ordered !== first.ordered || sibling.kind !== first.kind) break;
        loose = true;
        i = following;
      }
    }
    blocks.push({ type: 'list', ordered: first.ordered, start: first.start, items: items, loose: loose });
    return i;
  }

  // ---- Inlines: text to DOM nodes.
  function runLength(text, at, character) {
    var end = at;
    while (text[end] === character) end++;
    return end - at;
  }

  // Where the next run of exactly `length` backticks starts at or after `from`, or -1.
  function closingBackticks(text, from, length) {
    for (var at = text.indexOf('`', from); at >= 0; at = text.indexOf('`', at)) {
      var run = runLength(text, at, '`');
      if (run === length) return at;
      at += run;
    }
    return -1;
  }

  // The end of a code span starting at `at`, or of the backtick run when it has no close.
  function skipCode(text, at) {
    var run = runLength(text, at, '`'), close = closingBackticks(text, at + run, run);
    return close >= 0 ? close + run : at + run;
  }

  // `*text*`, `**text**`, `***text***` (or with `_`) starting at `at`: {strong, em, inner,
  // end}, or null when the run opens nothing. An underscore inside a word is a letter.
  function emphasis(text, at) {
    var character = text[at], run = runLength(text, at, character);
    var before = at > 0 ? text[at - 1] : ' ', after = text[at + run] || ' ';
    if (run > 3 || /\s/.test(after)) return null;
    if (character === '_' && /[A-Za-z0-9]/.test(before)) return null;
    for (var j = at + run; j < text.length;) {
      var c = text[j];
      if (c === '\\') { j += 2; continue; }
      if (c === '`') { j = skipCode(text, j); continue; }
      if (c !== character) { j++; continue; }
      var closeRun = runLength(text, j, character), next = text[j + closeRun] || ' ';
      var closes = !/\s/.test(text[j - 1]) && !(character === '_' && /[A-Za-z0-9]/.test(next));
      if (closes && closeRun === run) {
        return { strong: run >= 2, em: run !== 2, inner: text.slice(at + run, j), end: j + closeRun };
      }
      j += closeRun;
    }
    return null;
  }

  // `[label](destination "title")` starting at `at`: {label, href, title, end}, or null.
  function inlineLink(text, at) {
    var depth = 0, j = at + 1, n = text.length;
    for (; j < n; j++) {
      var c = text[j];
      if (c === '\\') { j++; continue; }
      if (c === '`') { j = skipCode(text, j) - 1; continue; }
      if (c === '[') depth++;
      if (c === ']') { if (depth === 0) break; depth--; }
    }
    if (j >= n || text[j + 1] !== '(') return null;
    var label = text.slice(at + 1, j), k = j + 2, href = '';
    while (/[ \t\n]/.test(text[k] || '')) k++;
    if (text[k] === '<') {
      var close = text.indexOf('>', k);
      if (close < 0 || text.slice(k, close).indexOf('\n') >= 0) return null;
      href = text.slice(k + 1, close);
      k = close + 1;
    } else {
      var parens = 0;
      for (; k < n && !/[\s]/.test(text[k]); k++) {
        if (text[k] === '\\' && PUNCTUATION.test(text[k + 1] || '')) { href += text[k + 1]; k++; continue; }
        if (text[k] === '(') parens++;
        if (text[k] === ')') { if (parens === 0) break; parens--; }
        href += text[k];
      }
    }
    while (/[ \t\n]/.test(text[k] || '')) k++;
    var opener = text[k], closer = { '"': '"', "'": "'", '(': ')' }[opener], title = '';
    if (closer) {
      var end = text.indexOf(closer, k + 1);
      if (end < 0) return null;
      title = text.slice(k + 1, end);
      k = end + 1;
      while (/[ \t\n]/.test(text[k] || '')) k++;
    }
    if (text[k] !== ')') return null;
    return { label: label, href: href, title: title, end: k + 1 };
  }

  // The address a link may have: http or https (relative addresses resolve to this page's),
  // as the browser itself parses it; null for any other scheme.
  function safeURL(href) {
    var url;
    try { url = new URL(href, global.location.href); } catch (error) { return null; }
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  }

  // `text`'s inlines as nodes under `parent`; inside a link (`inLink`) no link is made.
  function renderInline(parent, text, options, inLink) {
    var doc = parent.ownerDocument, buffer = '', i = 0, n = text.length, match;
    function flush() {
      if (buffer) parent.appendChild(doc.createTextNode(buffer));
      buffer = '';
    }
    // A link when its address is safe (and it is not inside another), else its label alone.
    function link(href, label, labelIsText, title) {
      var url = inLink ? null : safeURL(href);
      flush();
      if (!url) { if (labelIsText) buffer += label; else renderInline(parent, label, options, inLink); return; }
      var a = doc.createElement('a');
      a.href = url;
      a.rel = 'noopener noreferrer';
      a.target = '_blank';
      if (title) a.title = title;
      if (labelIsText) a.textContent = label; else renderInline(a, label, options, true);
      parent.appendChild(a);
    }
    while (i < n) {
      var c = text[i];
      if (c === '\\' && text[i + 1] === '\n') {
        flush(); parent.appendChild(doc.createElement('br'));
        i += 2;
        while (text[i] === ' ' || text[i] === '\t') i++;
      } else if (c === '\\' && PUNCTUATION.test(text[i + 1] || '')) {
        buffer += text[i + 1]; i += 2;
      } else if (c === '\n') {
        var hard = / {2,}$/.test(buffer);
        buffer = buffer.replace(/[ \t]+$/, '');
        if (hard) { flush(); parent.appendChild(doc.createElement('br')); } else buffer += ' ';
        i++;
        while (text[i] === ' ' || text[i] === '\t') i++;
      } else if (c === '`') {
        var run = runLength(text, i, '`'), close = closingBackticks(text, i + run, run);
        if (close < 0) { buffer += text.substr(i, run); i += run; continue; }
        var content = text.slice(i + run, close).replace(/\n/g, ' ');
        if (/^ .*[^ ].* $/.test(content)) content = content.slice(1, -1);
        flush();
        var made = !inLink && options.codeLink ? options.codeLink(content) : null;
        if (made) { parent.appendChild(made); } else {
          var code = doc.createElement('code'); code.textContent = content; parent.appendChild(code);
        }
        i = close + run;
      } else if (c === '[' && (match = inlineLink(text, i))) {
        link(match.href, match.label, false, match.title);
        i = match.end;
      } else if (c === '<' && (match = /^<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\s<>]*)>/.exec(text.slice(i)))) {
        link(match[1], match[1], true);
        i += match[0].length;
      } else if ((c === '*' || c === '_') && (match = emphasis(text, i))) {
        flush();
        var outer = doc.createElement(match.strong ? 'strong' : 'em'), inner = outer;
        if (match.strong && match.em) { inner = doc.createElement('em'); outer.appendChild(inner); }
        renderInline(inner, match.inner, options, inLink);
        parent.appendChild(outer);
        i = match.end;
      } else if (c === '*' || c === '_') {
        var literal = runLength(text, i, c);
        buffer += text.substr(i, literal); i += literal;
      } else {
        buffer += c; i++;
      }
    }
    flush();
  }

  // ---- Blocks to DOM.
  function renderBlocks(parent, blocks, options, tight) {
    var doc = parent.ownerDocument;
    blocks.forEach(function (block) {
      var node;
      switch (block.type) {
        case 'paragraph':
          if (tight) { renderInline(parent, block.text, options, false); return; }
          node = doc.createElement('p');
          renderInline(node, block.text, options, false);
          break;
        case 'heading':
          node = doc.createElement('h' + Math.min(6, block.level + 3));
          renderInline(node, block.text, options, false);
          break;
        case 'code':
          node = doc.createElement('pre');
          var code = doc.createElement('code'); code.textContent = block.text; node.appendChild(code);
          break;
        case 'rule':
          node = doc.createElement('hr');
          break;
        case 'quote':
          node = doc.createElement('blockquote');
          renderBlocks(node, block.blocks, options, false);
          break;
        case 'list':
          node = doc.createElement(block.ordered ? 'ol' : 'ul');
          if (block.ordered && block.start !== 1) node.start = block.start;
          block.items.forEach(function (item) {
            var li = doc.createElement('li');
            renderBlocks(li, item, options, !block.loose);
            node.appendChild(li);
          });
          break;
      }
      parent.appendChild(node);
    });
  }

  // `source` as a `div.markdown` of `doc`. `options.codeLink(text)` may return a node to
  // show for a code span instead of a plain `code` element (a type name linked to its
  // documentation, say).
  function render(source, doc, options) {
    var container = doc.createElement('div');
    container.className = 'markdown';
    var lines = String(source).replace(/\r\n?/g, '\n').split('\n');
    renderBlocks(container, parseBlocks(lines), options || {}, false);
    return container;
  }

  global.KitchenMarkdown = { render: render };
})(window);
