// The cost directives a schema applies (`@cost` and `@listSize`, from the GraphQL
// Foundation's cost specification), read from its SDL: introspection does not carry
// applied directives, and `/schema.graphql` is the schema as written, the same text the
// server's cost measure is built from. Written for Kitchen; no third-party code.
//
// `KitchenCost.read(sdl, tokenize)` gives the hints by schema coordinate: `Type`,
// `Type.field`, `Type.field(argument:)`, `Input.field`; each {cost: {weight}, listSize:
// {assumedSize, slicingArguments, sizedFields, requireOneSlicingArgument}} as written.
// `tokenize` is the explorer's GraphQL tokenizer.
(function (global) {
  'use strict';

  var DEFINITIONS = { type: 1, interface: 1, input: 1, enum: 1, scalar: 1, union: 1 };
  var READ = { cost: 1, listSize: 1 };

  function read(sdl, tokenize) {
    var tokens = tokenize(sdl).filter(function (t) { return t.kind !== 'space' && t.kind !== 'comment'; });
    var at = 0, hints = {};
    function peek() { return tokens[at] ? tokens[at].text : null; }
    function skipDescription() { while (tokens[at] && tokens[at].kind === 'string') at++; }

    // A constant value: string, number, boolean, null, enum value, list or object.
    function value() {
      var token = tokens[at++];
      if (!token) return null;
      if (token.kind === 'string') return stringValue(token.text);
      if (token.kind === 'number') return Number(token.text);
      if (token.text === '[') {
        var items = [];
        while (at < tokens.length && peek() !== ']') items.push(value());
        at++;
        return items;
      }
      if (token.text === '{') {
        var object = {};
        while (at < tokens.length && peek() !== '}') {
          var key = tokens[at++].text;
          if (peek() === ':') at++;
          object[key] = value();
        }
        at++;
        return object;
      }
      if (token.text === 'true') return true;
      if (token.text === 'false') return false;
      if (token.text === 'null') return null;
      return token.text;
    }

    // Directives applied at this point; `@cost` and `@listSize` are kept for `coordinate`.
    function directives(coordinate) {
      while (tokens[at] && tokens[at].kind === 'directive') {
        var name = tokens[at++].text.slice(1), args = {};
        if (peek() === '(') {
          at++;
          while (at < tokens.length && peek() !== ')') {
            var argument = tokens[at++].text;
            if (peek() === ':') at++;
            args[argument] = value();
          }
          at++;
        }
        if (coordinate && READ[name]) (hints[coordinate] = hints[coordinate] || {})[name] = args;
      }
    }

    // `Type`, `[Type!]!`, …
    function typeReference() {
      if (peek() === '[') { at++; typeReference(); if (peek() === ']') at++; } else at++;
      if (peek() === '!') at++;
    }

    // `(name: Type = default @directive …)`; `owner` names the field (null: skip them).
    function argumentDefinitions(owner) {
      at++;
      while (at < tokens.length && peek() !== ')') {
        skipDescription();
        var name = tokens[at++].text;
        if (peek() === ':') { at++; typeReference(); }
        if (peek() === '=') { at++; value(); }
        directives(owner ? owner + '(' + name + ':)' : null);
      }
      at++;
    }

    // `{ field(args): Type @directive … }` of a type, an input's fields or an enum's values.
    function fields(typeName) {
      at++;
      while (at < tokens.length && peek() !== '}') {
        skipDescription();
        var name = tokens[at++].text, coordinate = typeName + '.' + name;
        if (peek() === '(') argumentDefinitions(coordinate);
        if (peek() === ':') { at++; typeReference(); }
        if (peek() === '=') { at++; value(); }
        directives(coordinate);
      }
      at++;
    }

    while (at < tokens.length) {
      skipDescription();
      var token = tokens[at];
      if (!token) break;
      if (token.text === 'extend') { at++; continue; }
      if (DEFINITIONS[token.text] && tokens[at + 1] && tokens[at + 1].kind === 'name') {
        var typeName = tokens[at + 1].text;
        at += 2;
        if (peek() === 'implements') {
          at++;
          while (tokens[at] && (tokens[at].kind === 'name' || peek() === '&')) at++;
        }
        directives(typeName);
        if (peek() === '{') fields(typeName);
      } else if (token.text === 'directive') {
        at += 2;
        if (peek() === '(') argumentDefinitions(null);
      } else if (token.text === '{') {
        fields('');
      } else {
        at++;
      }
    }
    return hints;
  }

  // The text of a GraphQL string token (`"…"` with escapes, or a `"""` block).
  function stringValue(text) {
    if (text.slice(0, 3) === '"""') return text.slice(3, -3).replace(/\\"""/g, '"""').trim();
    try { return JSON.parse(text); } catch (error) { return text.slice(1, -1); }
  }

  // What a hint says, as short phrases: "weight 3", "sliced by first", "sliced by first or
  // last (exactly one)" (requireOneSlicingArgument), "assumed size 6", "sized fields:
  // edges, nodes".
  function describe(hint) {
    var phrases = [];
    if (hint.cost && hint.cost.weight != null) phrases.push('weight ' + hint.cost.weight);
    var size = hint.listSize;
    if (size) {
      var slicing = size.slicingArguments || [];
      if (slicing.length) {
        var one = slicing.length > 1 && size.requireOneSlicingArgument !== false;
        phrases.push('sliced by ' + slicing.join(' or ') + (one ? ' (exactly one)' : ''));
      }
      if (size.assumedSize != null) phrases.push('assumed size ' + size.assumedSize);
      if (size.sizedFields && size.sizedFields.length) phrases.push('sized fields: ' + size.sizedFields.join(', '));
    }
    return phrases;
  }

  // The hint's directives as they are written in the schema.
  function written(hint) {
    function print(name, args) {
      var keys = Object.keys(args || {});
      return '@' + name + (keys.length ? '(' + keys.map(function (key) { return key + ': ' + JSON.stringify(args[key]); }).join(', ') + ')' : '');
    }
    return Object.keys(READ).filter(function (name) { return hint[name]; }).map(function (name) { return print(name, hint[name]); }).join(' ');
  }

  global.KitchenCost = { read: read, describe: describe, written: written };
})(window);
