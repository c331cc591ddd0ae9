// The closure form of a source module, for a package's node build: the same code inside one
// function, its imports copied into constants of that function, its exports taken from what the
// function returns.
//
// Why: in an ES module, V8 reads a module's own top-level functions and constants, and its
// imports, through module cells and mutable context slots, which its optimizing compiler does not
// take for constants; a CommonJS file wraps the module in a function, whose `const` and function
// bindings are immutable context slots, folded to constants. The same code inside one function is
// read the CommonJS way in both formats (the uri README, "ES module against CommonJS", measured it;
// so does the mime-charset README). The portable build keeps the module as it is: the closure costs
// bytes that a browser bundle pays for and gains nothing there.
//
// The transformation is mechanical, on the module's top-level statements (TypeScript's parser
// finds them; their text is copied as written):
// - value imports are renamed (`x as x_`) and copied into constants of the closure, but for names
//   the bundler inlines (`inlined`: enums); type imports stay imports; relative paths are rebased
//   from the source file's folder to the output's;
// - type declarations (interfaces, type aliases, `declare`) move out of the closure, to the top
//   level of the output; the exported ones are taken from the portable module instead, so both
//   forms have one set of types;
// - `export` is dropped from every other top-level declaration (functions, classes, `const`/`let`),
//   everything goes, in order, into `function <name>()`, which returns the exported names, and the
//   module exports them as constants typed by the portable module's declarations (an exported class
//   also as the portable class's type); `export … from` re-exports stay at the top level.
// Not handled (it throws, naming the statement): `export default`, `export =`, destructuring
// exports, an exported `let` or `var` (its importers would see its first value only), enums (use
// an object or `inlined`), exported generic classes, and multi-line template literals
// (re-indenting would change their text).
import { dirname, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/** How to write the closure form of one module. */
export interface ClosureModuleOptions {
  /** The path of the source module (for relative imports and messages), e.g. `src/scan.ts`. */
  source: string;
  /** The path of the output, e.g. `src/generated/scan-closure.ts`. */
  output: string;
  /** The name of the closure function, e.g. `scanner`. */
  name: string;
  /** The comment lines that open the output, each starting with `//`. */
  header: string;
  /** What the module is, for the comment on the portable declarations, e.g. `scanner`. */
  what?: string;
  /** Imported names not copied into constants: enums, whose members the bundler inlines. */
  inlined?: ReadonlySet<string>;
  /** Names the module must export (a check that the source still has them). */
  required?: readonly string[];
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

/** The text of `node` without its leading `export ` keyword. */
function withoutExport(text: string, node: ts.Node, file: ts.SourceFile): string {
  const start = node.getStart(file) - node.getFullStart();
  if (text.slice(start, start + 7) !== 'export ') throw new Error(`unexpected modifiers: ${text}`);
  return text.slice(0, start) + text.slice(start + 7);
}

/**
 * The closure form of the module `text` (see the head of this file): a module that exports the
 * same names, computed by the same code, read by V8 as constants of a closure.
 *
 * @param text - The source module, TypeScript.
 * @param options - Where source and output live, the closure's name and the output's header.
 * @returns The text of the output module.
 */
export function closureModule(text: string, options: ClosureModuleOptions): string {
  const where = options.source;
  const fail = (what: string, node?: ts.Node): never => {
    const line = node ? `: ${node.getText(file).split('\n')[0]}` : '';
    throw new Error(`${where}: ${what}${line}`);
  };
  const file = ts.createSourceFile(where, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const rebase = (specifier: string): string => {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
    const target = resolve(dirname(resolve(options.source)), specifier);
    const path = relative(dirname(resolve(options.output)), target)
      .split('\\')
      .join('/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  const portablePath = rebase(`./${posix.basename(options.source).replace(/\.ts$/, '')}`);
  const inlined = options.inlined ?? new Set<string>();

  const imports: string[] = [];
  const copies: string[] = [];
  const hoisted: string[] = [];
  const reexports: string[] = [];
  const exported: string[] = [];
  const exportedTypes: string[] = [];
  const exportedClasses: string[] = [];
  let body = '';
  // the text before the first statement after the imports: the file's head comment, not kept
  let seenBody = false;

  for (const statement of file.statements) {
    const full = text.slice(statement.getFullStart(), statement.end);
    if (ts.isImportDeclaration(statement)) {
      if (seenBody) fail('an import after the first declaration', statement);
      const from = rebase((statement.moduleSpecifier as ts.StringLiteral).text);
      const clause = statement.importClause;
      if (!clause) {
        imports.push(`import '${from}';`);
        continue;
      }
      if (clause.isTypeOnly) {
        imports.push(`import ${clause.getText(file)} from '${from}';`);
        continue;
      }
      const values: string[] = [];
      const types: string[] = [];
      const copy = (local: string): string => {
        if (inlined.has(local)) return local;
        copies.push(`  const ${local} = ${local}_;`);
        return `${local}_`;
      };
      if (clause.name) values.push(`default as ${copy(clause.name.text)}`);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        values.push(`* as ${copy(bindings.name.text)}`);
      else if (bindings)
        for (const e of bindings.elements) {
          const local = e.name.text;
          const imported = e.propertyName?.getText(file) ?? local;
          if (e.isTypeOnly) {
            types.push(e.propertyName ? `${imported} as ${local}` : local);
            continue;
          }
          if (inlined.has(local)) values.push(e.propertyName ? `${imported} as ${local}` : local);
          else values.push(`${imported} as ${copy(local)}`);
        }
      if (values.length > 0) {
        const star = values.find((v) => v.startsWith('* as '));
        if (star && values.length > 1) fail('a namespace import with other names', statement);
        imports.push(
          star
            ? `import ${star} from '${from}';`
            : `import { ${values.join(', ')} } from '${from}';`,
        );
      }
      if (types.length > 0) imports.push(`import type { ${types.join(', ')} } from '${from}';`);
      continue;
    }
    seenBody = true;
    const exporting = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) fail('a default export', statement);
    if (ts.isExportAssignment(statement)) fail('an export assignment', statement);
    if (ts.isExportDeclaration(statement)) {
      if (!statement.moduleSpecifier) fail('an export list (export the declarations)', statement);
      const from = rebase((statement.moduleSpecifier as ts.StringLiteral).text);
      const what = statement.exportClause ? statement.exportClause.getText(file) : '*';
      reexports.push(`export ${statement.isTypeOnly ? 'type ' : ''}${what} from '${from}';`);
      continue;
    }
    if (
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      hasModifier(statement, ts.SyntaxKind.DeclareKeyword)
    ) {
      if (exporting) {
        const name = (statement as ts.InterfaceDeclaration | ts.TypeAliasDeclaration).name;
        if (!name) fail('an exported type without a name', statement);
        exportedTypes.push(name.text);
      } else hoisted.push(full.replace(/^\n+/, ''));
      continue;
    }
    if (ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement))
      fail('an enum or namespace', statement);
    let code = full;
    if (exporting) {
      code = withoutExport(full, statement, file);
      if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
        if (!statement.name) fail('an export without a name', statement);
        exported.push(statement.name!.text);
        if (ts.isClassDeclaration(statement)) {
          if (statement.typeParameters) fail('an exported generic class', statement);
          exportedClasses.push(statement.name!.text);
        }
      } else if (ts.isVariableStatement(statement)) {
        // the closure form exports each name's value once: an exported `let` would stop being live
        if (!(statement.declarationList.flags & ts.NodeFlags.Const))
          fail('an exported let or var (export a function that reads it)', statement);
        for (const d of statement.declarationList.declarations) {
          if (!ts.isIdentifier(d.name)) fail('a destructuring export', statement);
          exported.push((d.name as ts.Identifier).text);
        }
      } else fail('an export of another form', statement);
    }
    body += code;
  }
  body += text.slice(
    file.statements[file.statements.length - 1]?.end ?? 0,
    file.endOfFileToken.getFullStart(),
  );
  const visit = (node: ts.Node): void => {
    if (
      (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
      node.getText(file).includes('\n')
    )
      fail('a template literal over several lines', node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const name of options.required ?? [])
    if (!exported.includes(name)) throw new Error(`${where}: ${name} is not exported`);

  const indented = body
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n')
    .trim();
  const typeLines =
    exportedTypes.length > 0
      ? `import type { ${exportedTypes.join(', ')} } from '${portablePath}';\nexport type { ${exportedTypes.join(', ')} };\n`
      : '';
  const hoistedLines = hoisted.length > 0 ? `\n${hoisted.join('\n\n')}\n` : '';
  const exportLines = exported.map((n) =>
    exportedClasses.includes(n)
      ? // a module-level binding of the class's own name would make the bundler rename the class
        // inside the closure (`class TransferEncodingError2`, as logs then show it)
        `const ${n}_: typeof portable.${n} = closure.${n} as unknown as typeof portable.${n};\nexport { ${n}_ as ${n} };\nexport type ${n} = portable.${n};`
      : `export const ${n}: typeof portable.${n} = closure.${n};`,
  );
  return `${options.header}
${imports.join('\n')}
// the declarations of the portable ${options.what ?? 'module'}: both forms have the same types
import type * as portable from '${portablePath}';
${typeLines}${hoistedLines}
function ${options.name}() {
  // the imports, as constants of the closure
${copies.join('\n')}

  ${indented}

  return { ${exported.join(', ')} } as const;
}

const closure = ${options.name}();
${exportLines.join('\n')}
${reexports.map((r) => `${r}\n`).join('')}`;
}
