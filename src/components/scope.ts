/**
 * Astro gives a component the scope attribute of its parent (`data-astro-cid-…`) when the
 * parent has a scoped `<style>`. A shared piece of markup spreads it on its elements, so the
 * parent's styles reach them as if the parent had written them, and the HTML is the same
 * (an empty value renders as the bare attribute).
 */
export function parentScope(props: object): Record<string, ''> {
  return Object.fromEntries(
    Object.keys(props)
      .filter((key) => key.startsWith('data-astro-cid-'))
      .map((key) => [key, '']),
  );
}
