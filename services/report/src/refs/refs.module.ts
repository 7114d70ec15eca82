import { Module } from '@nestjs/common';
import { RefsConsumer } from './refs.consumer.js';

@Module({ controllers: [RefsConsumer] })
export class RefsModule {}
