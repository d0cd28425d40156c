/**
 * The `filter` of a postgres_changes binding, read as Supabase Realtime reads it (docs/realtime.md §5):
 * `column=op.value`, conditions joined by commas outside quotes and parentheses, `not.` negating one, `in.(a,b)`
 * a list. The comparison itself runs in PostgreSQL in the column's type (realtime.local_filter_rows).
 */
export const filterOperators = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** [column, operator, value, negated]: what realtime.local_filter_rows takes. */
export type FilterCondition = [column: string, operator: FilterOperator, value: string, negated: boolean];

export class FilterParseError extends Error {}

/** Splits on `separator` outside double quotes and parentheses. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth = Math.max(0, depth - 1);
    if (char === separator && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** `(a,"b,c")` as a PostgreSQL array literal `{"a","b,c"}`. */
function listAsArrayLiteral(list: string, whole: string): string {
  if (!list.startsWith('(') || !list.endsWith(')')) throw new FilterParseError(`\`in\` needs a list in parentheses: ${whole}`);
  const items = splitOutside(list.slice(1, -1), ',').map((item) => unquote(item.trim()));
  return `{${items.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf('=');
  if (equals <= 0) throw new FilterParseError(`expected column=operator.value: ${text}`);
  const column = text.slice(0, equals).trim();
  let rest = text.slice(equals + 1);
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  if (!(filterOperators as readonly string[]).includes(operator)) throw new FilterParseError(`unknown operator "${operator}" in ${text}`);
  if (dot === -1) throw new FilterParseError(`no value in ${text}`);
  const rawValue = rest.slice(dot + 1);
  const value = operator === 'in' ? listAsArrayLiteral(rawValue, text) : unquote(rawValue);
  return [column, operator as FilterOperator, value, negated];
}

/** The conditions of a filter string ([] for none); throws FilterParseError with what is wrong. */
export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  return splitOutside(filter, ',').map((condition) => parseCondition(condition.trim()));
}
