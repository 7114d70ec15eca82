import { Module } from '@nestjs/common';
import { CustomerRefConsumer } from './customer-ref.consumer.js';
import { DemoSeed } from '../seed/demo-seed.js';

@Module({ controllers: [CustomerRefConsumer], providers: [DemoSeed] })
export class CustomersModule {}
