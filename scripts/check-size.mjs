// `npm run check:size` (part of `npm test`): keeps the code findable (issue #12). In relay/ and src/, no source file
// over 400 lines and no function over 150 lines. Tests and content (typed copy: locales, marketing/docs/use-case texts,
// the changelog) are excepted. Prints every offender with its size and exits 1 if there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

import { root } from './lib.mjs';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;
const ROOTS = ['relay', 'src'];
const EXCEPT = [/\.(test|int\.test|spec|typecheck)\.tsx?$/, /(^|\/)testing\//, /(^|\/)content\//, /^src\/locales\//, /\.d\.ts$/];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs)$/.test(entry)) yield full;
  }
}

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(sf);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(sf);
  if (parent && ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(sf).slice(0, 40)}`;
  return '(anonymous)';
}

/** Every function longer than the limit in one file: `{ name, line, lines }`. */
export function longFunctions(file, text, max = MAX_FUNCTION_LINES) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = lineOf(sf, node.getStart(sf));
      const lines = lineOf(sf, node.getEnd()) - start + 1;
      if (lines > max) found.push({ name: nameOf(node, sf), line: start, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export function checkTree(base = root) {
  const problems = [];
  for (const top of ROOTS) {
    for (const full of sourceFiles(path.join(base, top))) {
      const rel = path.relative(base, full).split(path.sep).join('/');
      if (EXCEPT.some((re) => re.test(rel))) continue;
      const text = readFileSync(full, 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > MAX_FILE_LINES) problems.push(`${rel}: ${lines} lines (limit ${MAX_FILE_LINES})`);
      for (const f of longFunctions(rel, text))
        problems.push(`${rel}:${f.line}: function ${f.name} is ${f.lines} lines (limit ${MAX_FUNCTION_LINES})`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkTree();
  if (problems.length) {
    console.error(`Size limits (files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES}) exceeded:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Size limits hold: files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES} lines in ${ROOTS.join(' and ')}.`);
}
