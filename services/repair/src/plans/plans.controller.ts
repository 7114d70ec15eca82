import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Rights } from '@windward/contracts';
import { CurrentUser, IdParam, RequireRights, type AuthUser } from '@windward/service-kit';
import { API_BASE } from '../common/access.js';
import { CandidateDefectQuery, CreateBatchDto, CreateRepairPlanDto, PlanDefectQuery, RepairPlanListQuery, SetRepairStepsDto, UpdateRepairPlanDto } from './plan.dto.js';
import { PlanDefectPage, RepairDefectPage, RepairParkView, RepairPlanPage, RepairPlanView } from './plan.view.js';
import { PlansService } from './plans.service.js';

@ApiTags('repair plans')
@ApiBearerAuth()
@Controller(API_BASE)
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** Wind parks the caller may make plans for (active parks in their scope). */
  @Get('parks')
  @RequireRights(Rights.REPAIR_PLAN_EDIT, Rights.REPAIR_PLAN_SHOW)
  parks(@CurrentUser() user: AuthUser): Promise<RepairParkView[]> {
    return this.plans.parks(user);
  }

  /** Defects of one wind park a plan can be made of, filtered by turbine, severity, repair priority and timeline status. */
  @Get('defects')
  @RequireRights(Rights.REPAIR_PLAN_EDIT, Rights.REPAIR_PLAN_SHOW)
  candidates(@CurrentUser() user: AuthUser, @Query() q: CandidateDefectQuery): Promise<RepairDefectPage> {
    return this.plans.candidates(user, q);
  }

  /** Repair plans in the caller's parks, paged and sorted on the server. */
  @Get('plans')
  @RequireRights(Rights.REPAIR_PLAN_SHOW, Rights.REPAIR_PLAN_EDIT)
  list(@CurrentUser() user: AuthUser, @Query() q: RepairPlanListQuery): Promise<RepairPlanPage> {
    return this.plans.list(user, q);
  }

  /** Creates a plan from chosen defects (one park, at most 10,000, unique name). */
  @Post('plans')
  @RequireRights(Rights.REPAIR_PLAN_EDIT)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateRepairPlanDto): Promise<RepairPlanView> {
    return this.plans.create(user, dto);
  }

  /** One plan with its batches and version. */
  @Get('plans/:id')
  @RequireRights(Rights.REPAIR_PLAN_SHOW, Rights.REPAIR_PLAN_EDIT)
  get(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string): Promise<RepairPlanView> {
    return this.plans.get(user, id);
  }

  /** The plan's defects with batch, repair step and campaign, paged and sorted on the server. */
  @Get('plans/:id/defects')
  @RequireRights(Rights.REPAIR_PLAN_SHOW, Rights.REPAIR_PLAN_EDIT)
  defects(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string, @Query() q: PlanDefectQuery): Promise<PlanDefectPage> {
    return this.plans.defects(user, id, q);
  }

  /** Renames the plan or adds/removes defects, from the version the editor loaded (EDIT_CONFLICT otherwise). */
  @Put('plans/:id')
  @RequireRights(Rights.REPAIR_PLAN_EDIT)
  update(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string, @Body() dto: UpdateRepairPlanDto): Promise<RepairPlanView> {
    return this.plans.update(user, id, dto);
  }

  /** Sets (or clears) the repair-step template of some of the plan's defects. */
  @Put('plans/:id/steps')
  @RequireRights(Rights.REPAIR_PLAN_EDIT)
  setSteps(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string, @Body() dto: SetRepairStepsDto): Promise<RepairPlanView> {
    return this.plans.setSteps(user, id, dto);
  }

  /** Adds a batch (name unique in the plan) holding some of the plan's defects. */
  @Post('plans/:id/batches')
  @RequireRights(Rights.REPAIR_PLAN_EDIT)
  createBatch(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string, @Body() dto: CreateBatchDto): Promise<RepairPlanView> {
    return this.plans.createBatch(user, id, dto);
  }

  /** Deletes a plan without campaigns; 204. */
  @Delete('plans/:id')
  @HttpCode(204)
  @RequireRights(Rights.REPAIR_PLAN_EDIT)
  async remove(@CurrentUser() user: AuthUser, @IdParam('id', 'REPAIR_PLAN_NOT_FOUND') id: string): Promise<void> {
    await this.plans.remove(user, id);
  }
}
