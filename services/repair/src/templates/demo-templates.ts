import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@windward/service-kit';
import { TemplateRepository } from './template.repository.js';

/** Demo repair-step templates (SEED_DEMO=true): a new user can plan repairs of the demo defects at once. */
export const DEMO_TEMPLATES = [
  {
    name: 'Leading edge erosion repair',
    steps: [
      { name: 'Clean', description: 'Clean and dry the eroded area.' },
      { name: 'Fill', description: 'Apply filler and sand it to the blade profile.' },
      { name: 'Protect', description: 'Apply leading edge protection coating.' },
    ],
  },
  {
    name: 'Crack repair',
    steps: [
      { name: 'Grind', description: 'Grind out the crack to sound laminate.' },
      { name: 'Laminate', description: 'Lay up and cure the repair laminate.' },
      { name: 'Finish', description: 'Sand, fill and paint the repaired surface.' },
    ],
  },
];

@Injectable()
export class DemoTemplates implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: TemplateRepository,
    @Inject(SERVICE_CONFIG) private readonly cfg: ServiceConfig,
  ) {}

  async onApplicationBootstrap() {
    if (!this.cfg.seedDemo) return;
    await this.ds.transaction(async (m) => {
      for (const t of DEMO_TEMPLATES) {
        // Idempotent across restarts; a demo template renamed or deleted by a user is not recreated under its old name only.
        if (!(await this.repo.nameTaken(m, t.name, null))) await this.repo.insert(m, t.name, t.steps);
      }
    });
  }
}
