import { bootstrapService } from '@windward/service-kit';
import { AppModule } from './app.module.js';

await bootstrapService(AppModule, 'import');
