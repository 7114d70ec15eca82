import { Module } from '@nestjs/common';
import { RefsConsumer } from './refs.consumer.js';
import { SeedModule } from '../seed/seed.module.js';

@Module({ imports: [SeedModule], controllers: [RefsConsumer] })
export class RefsModule {}
