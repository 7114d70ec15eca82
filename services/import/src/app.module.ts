import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@windward/service-kit';

/**
 * The import service: its domain modules (SPEC areas listed in docs/services.md) arrive with
 * their issues; the kit already gives it its schema, the bus, jobs, auth, /health and docs.
 */
@Module({
  imports: [ServiceKitModule.forService({ service: 'import', entities: [], migrations: [] })],
})
export class AppModule {}
