"""The Home page's subject: the four forms of sequence modelling (``forms``) and order vs a bag of
embeddings (``order``)."""

from playground.core.lesson import Lesson, place

LESSON = Lesson(
    __name__,
    icon=":material/home:",
    main_widget="home_order_a",
    main_value="咬狗人",
    default=True,
    url_path="playground_home",  # served at "/"; /home is an alias (playground.lessons.HOME_ALIAS)
    behind_question=("home-order",),
    question_place="order",
    places=(
        place("intro", "home-intro", "首页开头：给网络装上记忆",
              "Home's opening: giving a network memory",
              at=(("textbook", "4", 1),)),
        place("seq", "home-seq", "序列数据的三个特点与表 4-1",
              "the three traits of sequence data and table 4-1",
              at=(("textbook", "table-4-1", 1),)),
        place("folded", "home-forms", "折叠画法：带自环的单元",
              "the folded drawing: a cell with a loop",
              at=(("textbook", "figure-4-1", 1), ("notes", "3", 1)), home_view="folded"),
        place("unrolled", "home-forms", "按时间展开：每一步输入一个、输出一个，共用同一组权重",
              "unrolled in time: one input and one output per step, the same weights at every step",
              at=(("script", "hidden", 2), ("textbook", "figure-4-1", 2), ("notes", "2", 4), ("notes", "3", 2)),
              home_form="many_to_many_aligned"),
        place("one_to_many", "home-forms", "一对多的展开图（图像标注的形式）",
              "the one-to-many graph (the form of image captioning)",
              at=(("notes", "2", 1), ("notes", "9.1", 1)), home_form="one_to_many"),
        place("many_to_one", "home-forms", "多对一：只用最终状态，或对各步状态池化",
              "many-to-one: the last state only, or pooled over every step",
              at=(("notes", "2", 2), ("notes", "5", 4)), home_form="many_to_one"),
        place("unaligned", "home-forms", "多对多（不对齐）：编码器读完，解码器再写",
              "many-to-many, unaligned: the encoder reads it all, then the decoder writes",
              at=(("textbook", "figure-4-4", 3), ("notes", "2", 3)), home_form="many_to_many_unaligned"),
        place("order", "home-order", "狗咬人与人咬狗：平均向量相同，RNN 的状态不同",
              "狗咬人 and 人咬狗: the same mean vector, different RNN states",
              at=(("script", "route", 1), ("script", "hidden", 3))),
        place("window", "home-window", "France 落在窗口之外：固定窗口看不见，参数还随窗口膨胀",
              "France outside the window: a fixed window cannot see it, and its parameters grow with it",
              at=(("textbook", "window", 1),), home_gap="30"),
        place("myths", "home-myths", "易错点：隐藏状态是有损摘要，长度不是隐藏维度",
              "misconceptions: the state is a lossy summary, length is not width",
              at=(("script", "hidden", 4), ("script", "myths", 1))),
    ),
)
