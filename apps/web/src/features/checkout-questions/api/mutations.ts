import {
  correctCheckoutAnswer,
  createCheckoutQuestion,
  deleteCheckoutQuestion,
  reorderCheckoutQuestions,
  updateAttendeeDetailSettings,
  updateCheckoutQuestion,
} from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_QUESTION_CHANGE } from './keys';

export const useCreateQuestion = () => useRouteMutation(createCheckoutQuestion, AFTER_QUESTION_CHANGE);
export const useUpdateQuestion = () => useRouteMutation(updateCheckoutQuestion, AFTER_QUESTION_CHANGE);
export const useDeleteQuestion = () => useRouteMutation(deleteCheckoutQuestion, AFTER_QUESTION_CHANGE);
export const useReorderQuestions = () => useRouteMutation(reorderCheckoutQuestions, AFTER_QUESTION_CHANGE);
export const useUpdateAttendeeDetails = () =>
  useRouteMutation(updateAttendeeDetailSettings, AFTER_QUESTION_CHANGE);
export const useCorrectAnswer = () => useRouteMutation(correctCheckoutAnswer, AFTER_QUESTION_CHANGE);
