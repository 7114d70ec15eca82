import { Global, Module } from '@nestjs/common';
import { Sql } from './sql.js';

@Global()
@Module({ providers: [Sql], exports: [Sql] })
export class CommonModule {}
