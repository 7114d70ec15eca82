import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderNginxConfig } from './nginx.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../nginx/windward.conf');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, renderNginxConfig());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
