#!/usr/bin/env node
// Builds Nest services: TypeScript's type check and emit with the Nest Swagger compiler plugin
// applied to each service's own program, so DTOs, query classes and response classes get their
// OpenAPI schemas from their TypeScript types and class-validator decorators, and controller
// methods their summaries from JSDoc.
//
//   windward-build-service [<service folder or tsconfig.json> …]   (default: ./tsconfig.json)
//
// Several services build in one process and share the parsed declaration files they all read
// (Nest, TypeORM, express, Node and the libs' .d.ts — about 2,300 files): eight services cost
// ~35 CPU-s this way against ~90 as eight `tsc -b` processes (docs/ci.md, session 23). The libs
// they reference must be built first (Nx does: `services:build` depends on the libs' build).
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import ts from 'typescript';
import { before as swaggerPlugin } from '@nestjs/swagger/plugin';

/** Files the plugin reads: request/response shapes and controllers (docs/architecture.md). */
const pluginOptions = {
  dtoFileNameSuffix: ['.dto.ts', '.view.ts'],
  controllerFileNameSuffix: ['.controller.ts'],
  classValidatorShim: true,
  introspectComments: true,
  esmCompatible: true,
};

const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: ts.sys.getCurrentDirectory,
  getNewLine: () => ts.sys.newLine,
};

// A folder stands for its tsconfig.json; folders without one and other files are skipped, so a
// shell glob such as `services/*` names every service.
const configs = (process.argv.length > 2 ? process.argv.slice(2) : ['tsconfig.json'])
  .map((arg) => resolve(arg))
  .map((p) => (existsSync(p) && statSync(p).isDirectory() ? join(p, 'tsconfig.json') : p))
  .filter((p) => /tsconfig[^/]*\.json$/.test(p) && existsSync(p));
if (configs.length === 0) {
  process.stderr.write('windward-build-service: no tsconfig.json found in the arguments\n');
  process.exit(1);
}

/** Parsed source files outside the service being built, shared by every program of this run. */
const shared = new Map();
let errors = 0;
for (const configPath of configs) {
  const ownDir = dirname(configPath) + sep;
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  const host = ts.createCompilerHost(parsed.options);
  const readSourceFile = host.getSourceFile.bind(host);
  // Every service compiles with the same options (tsconfig.base.json), so a declaration file
  // parsed for one is the same tree for the next; the service's own files are never shared.
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(ownDir)) return readSourceFile(fileName, languageVersion, onError, shouldCreate);
    let file = shared.get(fileName);
    if (!file) {
      file = readSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file) shared.set(fileName, file);
    }
    return file;
  };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program)];
  // Like tsc, nothing is written for a service with type errors (noEmitOnError semantics).
  if (!diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error)) {
    diagnostics.push(...program.emit(undefined, undefined, undefined, false, { before: [swaggerPlugin(pluginOptions, program)] }).diagnostics);
  }
  for (const d of diagnostics) {
    if (d.category === ts.DiagnosticCategory.Error) errors++;
    process.stderr.write(ts.formatDiagnosticsWithColorAndContext([d], formatHost));
  }
}
process.exit(errors ? 1 : 0);
