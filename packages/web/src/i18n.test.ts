import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { messages, NAVIGATION } from '@switchboard/model';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allBundles, type Tree } from './locales';

const bundles = await allBundles();

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const locales = { en: flatten(bundles.en), ru: flatten(bundles.ru), ua: flatten(bundles.ua) };

describe('locales', () => {
  it('hold the same keys in en, ru and ua', () => {
    const all = new Set([...locales.en.keys(), ...locales.ru.keys(), ...locales.ua.keys()]);
    for (const [lang, keys] of Object.entries(locales)) {
      const missing = [...all].filter((key) => !keys.has(key));
      expect(missing, `missing from ${lang}.json`).toEqual([]);
    }
  });

  it('have no empty texts', () => {
    for (const [lang, keys] of Object.entries(locales)) {
      const empty = [...keys].filter(([, text]) => !text.trim()).map(([key]) => key);
      expect(empty, `empty in ${lang}.json`).toEqual([]);
    }
  });

  it('are translated rather than copied from English', () => {
    for (const lang of ['ru', 'ua'] as const) {
      const wordy = [...locales.en].filter(([, text]) => /\p{L}{4,}/u.test(text));
      const copied = wordy.filter(([key, text]) => locales[lang].get(key) === text);
      // Product names, codes and language names stay as they are; everything else is translated.
      expect(copied.length / wordy.length, `${lang}: ${copied.map(([k]) => k).join(', ')}`).toBeLessThan(0.1);
    }
  });

  it('name every navigation entry and area, and every validation message', () => {
    for (const keys of Object.values(locales)) {
      for (const section of NAVIGATION) {
        expect(keys.has(`nav.areas.${section.area}`)).toBe(true);
        for (const entry of section.entries) expect(keys.has(`nav.entries.${entry.key}`), entry.key).toBe(true);
      }
      for (const key of Object.keys(messages)) expect(keys.has(`validation.${key}`), key).toBe(true);
    }
    for (const [key, text] of Object.entries(messages)) expect(locales.en.get(`validation.${key}`)).toBe(text);
  });

  it('give the navigation areas names that no other area name starts with', () => {
    // "Справочник" (directory) beside "Справочники" (lookups) read as one word in the side bar.
    for (const [lang, keys] of Object.entries(locales)) {
      const names = NAVIGATION.map((s) => (keys.get(`nav.areas.${s.area}`) ?? '').toLowerCase());
      for (const name of names) {
        const clash = names.filter((other) => other !== name && other.startsWith(name));
        expect(clash, `${lang}: ${name}`).toEqual([]);
      }
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });
});

const SRC = import.meta.dirname;
/** Attributes whose text a person reads. */
const USER_FACING = new Set(['label', 'title', 'placeholder', 'description', 'aria-label', 'alt', 'children', 'error']);
/** Non-words that may appear literally (none yet: add symbols here only, never words). */
const ALLOWED: ReadonlySet<string> = new Set([]);
const hasLetters = (text: string) => /\p{L}/u.test(text) && !ALLOWED.has(text.trim());

function componentFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx') && !file.includes('test-utils'))
    .map((file) => join(SRC, file));
}

/** Every literal text a component renders: JSX text, and string literals in JSX children or user-facing attributes. */
function literalTexts(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(SRC, file)}:${line + 1}`;
  };
  const literalOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return literalOf(node.expression);
    if (ts.isParenthesizedExpression(node)) return literalOf(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const text = literalOf(node);
      if (text !== null && hasLetters(text)) found.push(`${where(node)} child "${text}"`);
    }
    if (ts.isJsxAttribute(node) && USER_FACING.has(node.name.getText(source))) {
      const text = literalOf(node.initializer);
      if (text !== null && hasLetters(text)) found.push(`${where(node)} ${node.name.getText(source)}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('components', () => {
  it('render no literal text: every string goes through i18n', () => {
    const files = componentFiles();
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((file) => literalTexts(file))).toEqual([]);
  });

  it('catch literal texts in JSX text, children and user-facing attributes', () => {
    const probe = join(SRC, 'probe.tsx');
    const code = [
      'const a = <b title="Hello" className="plain">Bye {"you"} {t("ok")}</b>;',
      'const b = <Input label={"Name"} placeholder={t("x")} aria-label="Close" data-x="free" />;',
      'const c = <p>{" – "} 42 </p>;',
    ].join('\n');
    expect(literalTexts(probe, code).map((f) => f.replace(/^.*:\d+ /, ''))).toEqual([
      'title="Hello"',
      'text "Bye"',
      'child "you"',
      'label="Name"',
      'aria-label="Close"',
    ]);
  });
});
