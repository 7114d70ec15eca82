#!/usr/bin/env node
// `tsc -b` for a Nest service, with the Nest Swagger compiler plugin applied to the service's
// own project: DTOs, query classes and response classes get their OpenAPI schemas from their
// TypeScript types and class-validator decorators, and controller methods their summaries
// from JSDoc. Referenced libs build exactly as `tsc -b` builds them.
import { resolve } from 'node:path';
import ts from 'typescript';
import { before as swaggerPlugin } from '@nestjs/swagger/plugin';

const configPath = resolve(process.argv[2] ?? 'tsconfig.json');
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
let errors = 0;
const report = (d) => {
  if (d.category === ts.DiagnosticCategory.Error) errors++;
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext([d], formatHost));
};
const host = ts.createSolutionBuilderHost(ts.sys, undefined, report, report);
const builder = ts.createSolutionBuilder(host, [configPath], {});
for (let p = builder.getNextInvalidatedProject(); p; p = builder.getNextInvalidatedProject()) {
  if (p.kind === ts.InvalidatedProjectKind.Build && resolve(p.project) === configPath) {
    const program = p.getProgram();
    p.emit(undefined, undefined, undefined, undefined, { before: [swaggerPlugin(pluginOptions, program)] });
  }
  p.done();
}
process.exit(errors ? 1 : 0);
