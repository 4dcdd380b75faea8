/**
 * A piece of SQL with its bound values, composable without string concatenation of user input:
 * values become $n placeholders when the final query is compiled. Used by the hand-tuned search
 * query and the guidance seam (which hands search SQL predicates to evaluate in the same query).
 */
export class Sql {
  constructor(
    readonly chunks: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** Tagged template: interpolated `Sql` is inlined, anything else becomes a bound parameter. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const chunks: string[] = [strings[0]];
  const bound: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof Sql) {
      chunks[chunks.length - 1] += value.chunks[0];
      for (let k = 0; k < value.values.length; k++) {
        bound.push(value.values[k]);
        chunks.push(value.chunks[k + 1]);
      }
      chunks[chunks.length - 1] += strings[i + 1];
    } else {
      bound.push(value);
      chunks.push(strings[i + 1]);
    }
  });
  return new Sql(chunks, bound);
}

/** Trusted SQL text (identifiers, keywords); never pass user input. */
export function raw(text: string): Sql {
  return new Sql([text], []);
}

export function join(parts: Sql[], separator: string): Sql {
  if (parts.length === 0) return raw('');
  return parts.slice(1).reduce((acc, part) => sql`${acc}${raw(separator)}${part}`, parts[0]);
}

/** AND of the predicates; TRUE when there are none. */
export function and(parts: Sql[]): Sql {
  return parts.length === 0 ? raw('TRUE') : sql`(${join(parts, ' AND ')})`;
}

export const TRUE = raw('TRUE');
export const FALSE = raw('FALSE');

/** The text and values for pg's `query(text, values)`. */
export function compile(fragment: Sql): { text: string; values: unknown[] } {
  let text = fragment.chunks[0];
  for (let i = 0; i < fragment.values.length; i++) text += `$${i + 1}${fragment.chunks[i + 1]}`;
  return { text, values: [...fragment.values] };
}
