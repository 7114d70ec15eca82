import { EventTypes, TaskStage, TaskStageStatus as SS } from '@windward/contracts';
import { apiClient, eventually, readKafkaEvents } from '@windward/service-kit/testing';
import type { Platform } from '../launcher/platform.js';
import { droneUploadToSortAndRemove } from '../e2e/pipeline.js';
import { waitForDemoSettled } from '../e2e/template.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const TASKS = '/gw/task/api/v2';

/**
 * The kill test, repeated: `runs` drone uploads through the whole platform, each with task-flow
 * SIGKILLed right after the upload completes and restarted once inspection has ingested it
 * (events published while it is down). Counts, per run, the stage transitions task-flow should
 * have made (upload and auto-processing completed, sort and remove ready), how many it made
 * (lost = missing, doubled = more than once in the history) and, on Kafka, how many
 * `taskflow.stage.completed` it published for the task.
 */
export async function benchKillTaskFlow(platform: Platform, databaseUrl: string, token: string, runs = 10) {
  const p = { api: apiClient(platform.url), db: { url: databaseUrl } };
  const expected = [
    [TaskStage.UPLOAD, SS.COMPLETED],
    [TaskStage.AUTO_PROCESSING, SS.COMPLETED],
    [TaskStage.SORT_AND_REMOVE, SS.READY],
  ] as const;
  let lost = 0;
  let doubled = 0;
  let published = 0;
  let restartMs = 0;
  const tasks: string[] = [];
  // The demo data's own tiles and tasks first, so each run measures the pipeline, not a backlog.
  await waitForDemoSettled(databaseUrl);
  for (let i = 0; i < runs; i++) {
    const { taskId } = await droneUploadToSortAndRemove(p, token, {
      inspectionDate: `2026-04-${String(i + 1).padStart(2, '0')}`,
      afterComplete: async (uploadTaskId) => {
        await platform.stopService('task-flow', 'SIGKILL');
        // Down while inspection ingests the upload and publishes what task-flow must apply.
        await eventually(async () => {
          const r = await p.api(`/gw/inspection/api/v2/ingests/${uploadTaskId}`, { token });
          return r.status === 200 && ((await r.json()) as Body).status === 'done';
        }, 60000);
        const t0 = Date.now();
        await platform.startService('task-flow');
        restartMs += Date.now() - t0;
      },
    });
    tasks.push(taskId);
    const r = await p.api(`${TASKS}/tasks/${taskId}/history?pageSize=500`, { token });
    const hist = ((await r.json()) as Body).results as Body[];
    for (const [stage, status] of expected) {
      const n = hist.filter((h) => h.stage === stage && h.stageStatus === status).length;
      if (n === 0) lost++;
      if (n > 1) doubled += n - 1;
    }
  }
  if (platform.kafka) {
    const all = await readKafkaEvents([platform.kafka.brokers], EventTypes.TaskflowStageCompleted);
    published = all.filter((e) => tasks.includes((e.payload as { taskId: string }).taskId)).length;
  }
  return {
    bus: platform.bus === 'kafka' ? 'Kafka' : 'PostgreSQL',
    runs,
    'transitions expected': runs * expected.length,
    lost,
    'applied twice': doubled,
    'stage.completed on the topic (2 per run)': platform.kafka ? published : 'n/a',
    'task-flow restart s (mean)': restartMs / runs / 1000,
  };
}
