import { Module } from '@nestjs/common';
import { DemoSeed } from './demo-seed.js';

@Module({ providers: [DemoSeed], exports: [DemoSeed] })
export class SeedModule {}
