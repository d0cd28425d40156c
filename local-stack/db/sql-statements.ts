/**
 * Splits a SQL file into statements the way the Supabase CLI does before it runs a migration, so we can run
 * them one by one, record them in `supabase_migrations.schema_migrations.statements`, and say exactly which
 * statement failed. Understands the lexical parts where a `;` does not end a statement: quoted strings
 * ('…', E'…' with backslash escapes), quoted identifiers ("…"), dollar-quoted bodies ($$…$$, $tag$…$tag$),
 * line comments (--) and nested block comments.
 */
export interface SqlStatement {
  /** The statement text from its first token (leading comments dropped), without the terminating semicolon. */
  sql: string;
  /** 1-based line in the file where that first token is. */
  line: number;
}

export function splitSqlStatements(text: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let i = 0;
  const n = text.length;

  const push = (end: number) => {
    const raw = text.slice(start, end);
    if (hasCode(raw)) {
      const codeStart = firstCodeOffset(raw);
      statements.push({ sql: raw.slice(codeStart).trimEnd(), line: lineAt(text, start + codeStart) });
    }
  };

  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (ch === '/' && next === '*') {
      i = skipBlockComment(text, i);
    } else if (ch === "'") {
      const escapes = i > 0 && /[eE]/.test(text[i - 1]) && (i < 2 || !/[\w$]/.test(text[i - 2]));
      i = skipQuoted(text, i, "'", escapes);
    } else if (ch === '"') {
      i = skipQuoted(text, i, '"', false);
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      // `$1` parameters and identifiers containing `$` are not dollar quotes.
      if (tag && !(i > 0 && /[\w$]/.test(text[i - 1]))) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
      } else {
        i += 1;
      }
    } else if (ch === ';') {
      push(i);
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  push(n);
  return statements;
}

function skipBlockComment(text: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return text.length;
}

function skipQuoted(text: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < text.length) {
    const ch = text[i];
    if (backslashEscapes && ch === '\\') {
      i += 2;
    } else if (ch === quote) {
      if (text[i + 1] === quote)
        i += 2; // doubled quote inside the literal
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return text.length;
}

/** True when the chunk contains something other than whitespace and comments. */
function hasCode(chunk: string): boolean {
  return firstCodeOffset(chunk) < chunk.length;
}

function firstCodeOffset(chunk: string): number {
  let i = 0;
  while (i < chunk.length) {
    if (/\s/.test(chunk[i])) i += 1;
    else if (chunk.startsWith('--', i)) {
      const end = chunk.indexOf('\n', i);
      i = end === -1 ? chunk.length : end + 1;
    } else if (chunk.startsWith('/*', i)) i = skipBlockComment(chunk, i);
    else return i;
  }
  return chunk.length;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}
