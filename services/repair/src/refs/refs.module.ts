import { Module } from '@nestjs/common';
import { RefsConsumer } from './refs.consumer.js';
import { UsersConsumer } from './user-refs.consumer.js';

@Module({ controllers: [RefsConsumer, UsersConsumer] })
export class RefsModule {}
