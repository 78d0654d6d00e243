/**
 * i18next as the browser's islands use it, in about 1 KB instead of 14 KB compressed
 * (docs/decisions.md "Members app: JavaScript a member downloads"). The browser build
 * resolves `i18next` to this module (astro.config.mjs, `browserI18next`); the server, the
 * static pages and the unit tests keep i18next itself.
 *
 * It does what `createI18n` (src/i18n/index.ts) and react-i18next ask of an instance, as
 * i18next does it: nested keys, `{{name}}` interpolation (nested paths, `{{- name}}`, a
 * missing value left as it is), plurals by `count` through Intl.PluralRules (`_zero` for 0
 * when there is one, then the category, the bare key, `_other`), `context`, the fallback
 * language, and the interpolation options Trans passes (prefix, suffix, escaping, a missing-
 * value handler). Not: `$t()` nesting, formatters, returnObjects, loading backends.
 * tests/unit/i18n-lite.test.ts renders every key of every catalogue through both and compares.
 */

type Tree = { [key: string]: Tree | string };
type Data = Record<string, unknown>;

interface InterpolationOptions {
  prefix?: string;
  suffix?: string;
  escapeValue?: boolean;
  escape?: (value: string) => string;
  defaultVariables?: Data;
  skipOnVariables?: boolean;
}

interface Options {
  lng?: string;
  fallbackLng?: string | readonly string[] | false;
  resources?: Record<string, { translation: Tree }>;
  interpolation?: InterpolationOptions;
  missingInterpolationHandler?: (text: string, match: RegExpExecArray, options: Data) => unknown;
  [option: string]: unknown;
}

interface TOptions extends Data {
  count?: unknown;
  context?: unknown;
  ordinal?: boolean;
  replace?: Data;
  interpolation?: InterpolationOptions;
  missingInterpolationHandler?: Options['missingInterpolationHandler'];
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const escapeRe = (text: string) => text.replace(/[-[\]/{}()*+?.\\^$|]/g, '\\$&');

const pathIn = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((at, part) => (at !== null && typeof at === 'object' ? (at as Data)[part] : undefined), data);

const rules = new Map<string, Intl.PluralRules>();
function pluralRule(lng: string, ordinal: boolean): Intl.PluralRules {
  const id = `${lng}|${ordinal}`;
  let rule = rules.get(id);
  if (!rule) rules.set(id, (rule = new Intl.PluralRules(lng, { type: ordinal ? 'ordinal' : 'cardinal' })));
  return rule;
}

type Listener = (...args: unknown[]) => void;

class Emitter {
  private listeners = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener): this {
    for (const name of event.split(' ')) {
      if (!this.listeners.has(name)) this.listeners.set(name, new Set());
      this.listeners.get(name)?.add(listener);
    }
    return this;
  }
  off(event: string, listener?: Listener): void {
    for (const name of event.split(' ')) {
      if (listener) this.listeners.get(name)?.delete(listener);
      else this.listeners.delete(name);
    }
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class LiteI18n extends Emitter {
  options: Options = {};
  language = '';
  resolvedLanguage = '';
  languages: string[] = [];
  isInitialized = false;
  store = new Emitter();
  readonly services = {
    interpolator: {
      interpolate: (text: string, data: Data, _lng?: string, options?: TOptions) =>
        this.interpolate(text, data, options ?? {}),
      escape: escapeHtml,
    },
  };

  init(options: Options = {}, callback?: () => void): this {
    this.options = { ...options, interpolation: { escapeValue: true, ...options.interpolation } };
    this.language = this.resolvedLanguage = options.lng ?? 'dev';
    const fallback = [options.fallbackLng || []].flat();
    this.languages = [...new Set([this.language, ...fallback])];
    this.isInitialized = true;
    callback?.();
    this.emit('initialized', this.options);
    return this;
  }

  t = (key: string, options: TOptions = {}): string => {
    const found = this.lookup(key, options);
    if (found === undefined) return key;
    const data = options.replace && typeof options.replace !== 'string' ? options.replace : options;
    return this.interpolate(found, { ...this.options.interpolation?.defaultVariables, ...data }, options);
  };

  getFixedT(_lng?: unknown, _ns?: unknown, keyPrefix?: string): LiteI18n['t'] {
    return keyPrefix ? (key, options) => this.t(`${keyPrefix}.${key}`, options) : this.t;
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.lookup(key, options) !== undefined;
  }

  hasLoadedNamespace(): boolean {
    return true;
  }

  loadNamespaces(_ns: unknown, callback?: () => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }

  loadLanguages(_lng: unknown, callback?: () => void): Promise<void> {
    return this.loadNamespaces(undefined, callback);
  }

  getResourceBundle(lng: string): Tree | undefined {
    return this.options.resources?.[lng]?.translation;
  }

  /** The text of a key in the first language that has it, as i18next's Translator.resolve picks it. */
  private lookup(key: string, options: TOptions): string | undefined {
    const { count, ordinal = false } = options;
    const plural = count !== undefined && typeof count !== 'string';
    const context = options.context;
    const withContext =
      context !== undefined && context !== '' && (typeof context === 'string' || typeof context === 'number');
    for (const lng of this.languages) {
      const suffix = plural ? `_${ordinal ? 'ordinal_' : ''}${pluralRule(lng, ordinal).select(Number(count))}` : '';
      const zero = plural && !ordinal && count === 0;
      const other = ordinal ? '_ordinal_other' : '_other';
      // Tried from the last one back, as i18next pops its list.
      const keys = [key];
      if (plural) keys.push(key + suffix, ...(zero ? [`${key}_zero`] : []));
      if (withContext) {
        const contextKey = `${key}_${String(context)}`;
        keys.push(contextKey);
        if (plural) keys.push(contextKey + suffix, ...(zero ? [`${contextKey}_zero`] : []));
      }
      if (plural && suffix !== other) {
        if (withContext) keys.unshift(`${key}_${String(context)}${other}`);
        keys.unshift(key + other);
      }
      const tree = this.options.resources?.[lng]?.translation;
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const text = pathIn(tree, keys[i] ?? '');
        if (typeof text === 'string') return text;
      }
    }
    return undefined;
  }

  private interpolate(text: string, data: Data, options: TOptions): string {
    const settings = { ...this.options.interpolation, ...options.interpolation };
    const prefix = settings.prefix ?? '{{';
    const suffix = settings.suffix ?? '}}';
    if (!text.includes(prefix)) return text;
    const escape = settings.escape ?? escapeHtml;
    const missing = options.missingInterpolationHandler ?? this.options.missingInterpolationHandler;
    const pattern = new RegExp(`${escapeRe(prefix)}(.+?)${escapeRe(suffix)}`, 'g');
    return text.replace(pattern, (...args: unknown[]) => {
      const match = args as unknown as RegExpExecArray;
      const inner = match[1] ?? '';
      const raw = inner.startsWith('-');
      const name = (raw ? inner.slice(1) : inner).trim();
      let value = pathIn(data, name) ?? data[name];
      if (value === undefined) {
        if (typeof missing === 'function') {
          const replaced = missing(text, match, options);
          value = typeof replaced === 'string' ? replaced : '';
        } else if (Object.prototype.hasOwnProperty.call(options, name)) value = '';
        else if (settings.skipOnVariables !== false) return match[0];
        else value = '';
      }
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as i18next's makeString: any value as a string, null as nothing
      const string = value === null ? '' : String(value);
      return raw || settings.escapeValue === false ? string : escape(string);
    });
  }
}

export type { LiteI18n };

export function createInstance(options?: Options): LiteI18n {
  const instance = new LiteI18n();
  if (options) instance.init(options);
  return instance;
}

/** i18next's selector keys (`$ => $.a.b` for 'a.b'), which react-i18next accepts as a key prefix. */
export function keyFromSelector(selector: (path: unknown) => unknown): string {
  const parts: string[] = [];
  const proxy: unknown = new Proxy(
    {},
    {
      get(_target, property) {
        parts.push(String(property));
        return proxy;
      },
    },
  );
  selector(proxy);
  return parts.join('.');
}

export default createInstance();
