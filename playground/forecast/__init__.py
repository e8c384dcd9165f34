"""Numbers in, numbers out: forecasting hourly temperatures with a recurrent network, against three
baselines, and teacher forcing against free running (``model``)."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/thermostat:",
    main_widget="fc_window",
    main_value=72,
    shipped={
        "forecast": "playground.forecast.model",
    },
    job_slots=("forecast",),
    model_classes=(
        "playground.forecast.model.Forecaster",
    ),
    behind_question=("fc-exposure", "fc-table", "fc-myths"),
    question_place="exposure",
    places=(
        place("intro", "fc-intro", "表 4-1 的时间序列：逐时气温，轻量 RNN/GRU 做在线时序预测",
              "table 4-1's time series: hourly temperatures, light RNNs/GRUs for online forecasting",
              at=(("textbook", "table-4-1", 2), ("textbook", "reading", 3))),
        place("table", "fc-table", "时间序列预测：RNN、GRU、LSTM 对持续法、季节朴素法和线性自回归",
              "time-series forecasting: RNN, GRU and LSTM against persistence, seasonal naive and a linear model",
              at=(("textbook", "uses", 4),)),
        place("exposure", "fc-exposure", "多步预报：教师强制与自由运行，误差逐步累积",
              "forecasting many steps: teacher forcing against free running, the error building up",
              at=(("textbook", "uses", 5),)),
    ),
)
